package bench.mvc.statics;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import bench.mvc.Errors;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/** The static route on the generated tree: the raw path, the method first, and a range as the contract reads it. */
@WebMvcTest(Errors.class)
@Import(StaticFiles.class)
@EnabledIf("bench.mvc.statics.StaticRootTest#treePresent")
class StaticFilesTest {

    @DynamicPropertySource
    static void root(DynamicPropertyRegistry properties) {
        properties.add("bench.static-root", () -> StaticRootTest.root().toString());
    }

    @Autowired
    MockMvc mvc;

    @Test
    void theFileIsTheRawPathsEachSegmentDecodedOnce() throws Exception {
        mvc.perform(get(URI.create("/static/%68ello%2etxt"))).andExpect(status().isOk());
        mvc.perform(get("/static/hello.txt;x")).andExpect(status().isNotFound());
        mvc.perform(get("/static/1kb.bin/")).andExpect(status().isNotFound());
        mvc.perform(get(URI.create("/static/sub//nested.txt"))).andExpect(status().isNotFound());
    }

    @Test
    void anotherMethodIs405BeforeThePathIsLookedAt() throws Exception {
        mvc.perform(post("/static/no-such-file"))
                .andExpect(status().isMethodNotAllowed())
                .andExpect(header().string("Allow", "GET, HEAD"));
        mvc.perform(post("/static")).andExpect(status().isNotFound());
    }

    @Test
    void aConditional304ComesBeforeARangeAndA416AlwaysNamesTheLength() throws Exception {
        // Unchanged since that date (asctime, after the file's mtime): 304, whatever the range.
        mvc.perform(get("/static/1kb.bin")
                        .header("Range", "bytes=-0000")
                        .header("If-Modified-Since", "Wed Jan  3 13:32:32 2024"))
                .andExpect(status().isNotModified());
        // A condition that does not hold leaves the 416, written by the handler itself (Spring's sendError loses
        // its Content-Range on Jetty).
        mvc.perform(get("/static/link-to-hello.txt")
                        .header("Range", "bytes=1000000000000000000000000000000000000000-")
                        .header("If-None-Match", "\"\""))
                .andExpect(status().isRequestedRangeNotSatisfiable())
                .andExpect(header().string("Content-Range", "bytes */32"))
                .andExpect(jsonPath("$.error").isString());
    }

    @Test
    void oneRangeOfAnySizeOrNone() throws Exception {
        mvc.perform(get("/static/hello.txt").header("Range", "bytes=5-18446744073709551616"))
                .andExpect(status().isPartialContent())
                .andExpect(header().string("Content-Range", "bytes 5-31/32"));
        mvc.perform(get("/static/hello.txt").header("Range", "bytes=99999999999999999999999-"))
                .andExpect(status().isRequestedRangeNotSatisfiable())
                .andExpect(header().string("Content-Range", "bytes */32"));
        mvc.perform(get("/static/hello.txt").header("Range", "bytes=0-1,5-6"))
                .andExpect(status().isOk())
                .andExpect(content().string("Hello from the static fixtures!\n"));
    }
}
