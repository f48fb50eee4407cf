package bench.mvc.hello;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.MultipartAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.web.multipart.MultipartResolver;

@WebMvcTest(Hello.class)
@ImportAutoConfiguration(MultipartAutoConfiguration.class) // not in the slice; the application has it
class HelloTest {

    @Autowired
    MockMvc mvc;

    @Test
    void saysHello() throws Exception {
        mvc.perform(get("/hello"))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith(MediaType.TEXT_PLAIN))
                .andExpect(content().string("Hello, World!"))
                .andExpect(header().doesNotExist("ETag"));
    }

    @Test
    void otherMethodsAre405() throws Exception {
        mvc.perform(post("/hello"))
                .andExpect(status().isMethodNotAllowed())
                .andExpect(header().string("Allow", "GET, HEAD"));
    }

    @Test
    void noBodyIsParsedAsMultipartBeforeRouting(@Autowired ApplicationContext context) {
        // With a resolver, a multipart Content-Type without its boundary is a 500 on any route, GET /hello too.
        assertThat(context.getBeanNamesForType(MultipartResolver.class)).isEmpty();
    }
}
