package bench.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The request encoding: UTF-8 forced, except where Spring would put it on a wildcard media type and throw. */
class RequestCharsetTest {

    /** The Content-Type the application sees after the filter, as Spring reads it. */
    static String contentTypeAfterFilter(String contentType) throws Exception {
        var request = new MockHttpServletRequest("POST", "/nowhere");
        request.addHeader("Content-Type", contentType);
        request.setContentType(contentType);
        String[] seen = new String[1];
        new RequestCharset().doFilter(request, new MockHttpServletResponse(), (req, res) -> {
            var headers = new ServletServerHttpRequest((HttpServletRequest) req).getHeaders();
            seen[0] = headers.getContentType() == null
                    ? null
                    : headers.getContentType().toString();
        });
        return seen[0];
    }

    /** The encoding the application sees after the filter, having read the headers as Spring does. */
    static String encodingAfterFilter(String contentType) throws Exception {
        var request = new MockHttpServletRequest("POST", "/nowhere");
        request.addHeader("Content-Type", contentType);
        String[] seen = new String[1];
        new RequestCharset().doFilter(request, new MockHttpServletResponse(), (req, res) -> {
            seen[0] = req.getCharacterEncoding();
            assertThatNoException()
                    .isThrownBy(() -> new ServletServerHttpRequest((HttpServletRequest) req).getHeaders());
        });
        return seen[0];
    }

    @Test
    void aWildcardTypeWithoutCharsetGetsNoEncoding() throws Exception {
        // Forced, the encoding would be added to the wildcard type: IllegalArgumentException, a 500.
        for (String type : new String[] {"*/*", "application/*", "*", "application/*+json", "*/* ; x=y"}) {
            assertThat(encodingAfterFilter(type)).as(type).isNull();
        }
    }

    @Test
    void everyOtherRequestIsUtf8() throws Exception {
        for (String type : new String[] {
            "application/json",
            "text/json",
            "json",
            "",
            "*/*; charset=utf-8",
            "application/json; charset=",
            "application/json; charset=foo",
            "*/*; charset=foo",
            "APPLICATION/JSON;"
        }) {
            assertThat(encodingAfterFilter(type)).as(type).isEqualTo("UTF-8");
        }
    }

    @Test
    void aCharsetJavaDoesNotKnowIsLeftOutWithTheOtherParameters() throws Exception {
        // Spring's MediaType refuses the whole header over it: consumes and the body readers would answer 415.
        assertThat(contentTypeAfterFilter("application/json; charset=x-unknown"))
                .startsWith("application/json");
        assertThat(contentTypeAfterFilter("Application/X-Protobuf; v=1; charset=x-unknown"))
                .startsWith("application/x-protobuf");
        assertThat(contentTypeAfterFilter("application/json; charset=iso-8859-1"))
                .isEqualToIgnoringCase("application/json;charset=iso-8859-1");
    }
}
