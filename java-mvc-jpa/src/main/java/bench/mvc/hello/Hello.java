package bench.mvc.hello;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The framework-overhead baseline: nothing but the 13 bytes. */
@RestController
class Hello {

    @GetMapping(path = "/hello", produces = MediaType.TEXT_PLAIN_VALUE)
    String hello() {
        return "Hello, World!";
    }
}
