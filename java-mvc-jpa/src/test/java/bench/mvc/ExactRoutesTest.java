package bench.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The raw path against the path the container decoded, as Tomcat and Jetty hand both to the servlet. */
class ExactRoutesTest {

    static boolean exact(String raw, String decoded) {
        var request = new MockHttpServletRequest("GET", raw);
        request.setServletPath(decoded);
        return ExactRoutes.exact(request);
    }

    @Test
    void aRouteIsThePathExactlyAsSent() {
        assertThat(exact("/hello", "/hello")).isTrue();
        assertThat(exact("/hello/", "/hello/")).isTrue(); // then no route matches it: 404
        assertThat(exact("/hello;x", "/hello")).isFalse();
        assertThat(exact("/health;", "/health")).isFalse();
        assertThat(exact("/%68ello", "/hello")).isFalse();
        assertThat(exact("//hello", "/hello")).isFalse();
        assertThat(exact("/chat;x", "/chat")).isFalse();
    }

    @Test
    void staticPathsAreLeftToTheStaticHandlerUnlessTheyLeaveIt() {
        assertThat(exact("/static/%68ello%2etxt", "/static/hello.txt")).isTrue();
        assertThat(exact("/static/hello.txt;x", "/static/hello.txt")).isTrue();
        assertThat(exact("/static/../hello", "/hello")).isFalse();
        assertThat(exact("/static;x/hello.txt", "/static/hello.txt")).isFalse();
    }

    @Test
    void aStaticPathTheContainerNormalisedAwayIsStillTheStaticRoute() throws Exception {
        for (String method : new String[] {"POST", "GET"}) {
            var request = new MockHttpServletRequest(method, "/static/../hello");
            request.setServletPath("/hello");
            var response = new MockHttpServletResponse();
            new ExactRoutes().doFilter(request, response, new MockFilterChain());
            assertThat(response.getStatus()).isEqualTo(method.equals("GET") ? 404 : 405);
            assertThat(response.getContentType()).isEqualTo("application/json");
            assertThat(response.getHeader("Allow")).isEqualTo(method.equals("GET") ? null : "GET, HEAD");
        }
    }
}
