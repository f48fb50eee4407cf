package bench.mvc.event;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/** The web slice: routing, content-type and size rules in the contract's order, and the error body. */
@WebMvcTest(EventEcho.class)
class EventEchoTest {

    static final Path EVENTS = Path.of("..", "spec", "fixtures", "events");

    @Autowired
    MockMvc mvc;

    @Test
    void echoesTheSeed() throws Exception {
        byte[] seed = Files.readAllBytes(EVENTS.resolve("seed.request.json"));
        byte[] expected = Files.readAllBytes(EVENTS.resolve("seed.response.json"));
        mvc.perform(post("/event")
                        .contentType("application/json; charset=UTF-8")
                        .content(seed))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON))
                .andExpect(content().bytes(expected));
    }

    @Test
    void otherMediaTypesAre415() throws Exception {
        mvc.perform(post("/event").contentType(MediaType.TEXT_PLAIN).content("{}"))
                .andExpect(status().isUnsupportedMediaType())
                .andExpect(jsonPath("$.error").isString());
    }

    @Test
    void anEmptyBodyIsCheckedForItsMediaTypeFirst() throws Exception {
        // 415 before 400 (spec/API.md §1.4), also where there is no body at all.
        for (String type : new String[] {"text/json", "*/*", "application/*", "", "application/x-protobuf"}) {
            mvc.perform(post("/event").header("Content-Type", type))
                    .andExpect(status().isUnsupportedMediaType())
                    .andExpect(jsonPath("$.error").isString());
        }
        mvc.perform(post("/event")).andExpect(status().isUnsupportedMediaType());
        mvc.perform(post("/event").contentType(MediaType.APPLICATION_JSON))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").isString());
    }

    @Test
    void bodiesOverOneMebibyteAre413() throws Exception {
        mvc.perform(post("/event").contentType(MediaType.APPLICATION_JSON).content(new byte[1024 * 1024 + 1]))
                .andExpect(status().isContentTooLarge())
                .andExpect(jsonPath("$.error").isString());
    }

    @Test
    void wrongMethodIs405WithAllow() throws Exception {
        mvc.perform(get("/event")).andExpect(status().isMethodNotAllowed()).andExpect(header().string("Allow", "POST"));
    }

    @Test
    void unknownRoutesAre404() throws Exception {
        mvc.perform(get("/eventx"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").isString());
    }
}
