package bench.mvc;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.http11.Http11InputBuffer;
import org.apache.tomcat.util.res.StringManager;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;

/**
 * What the containers refuse before the application sees a request (a URI with {@code %00} or a backslash, a
 * version or a framing they cannot read, a head over their limit: spec/API.md §1.6) would otherwise get Tomcat's or
 * Jetty's HTML page. Both write the contract's JSON instead, and where a container's status differs from the
 * contract's for the same refusal, the contract's.
 */
@Configuration(proxyBeanMethods = false)
class ContainerErrors {

    static byte[] body(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        String message = known == null ? "error" : known.getReasonPhrase().toLowerCase();
        return ("{\"error\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> tomcatErrors() {
        return factory -> factory.addContextCustomizers(context ->
                ((StandardHost) context.getParent()).setErrorReportValveClass(JsonErrorValve.class.getName()));
    }

    @Bean
    WebServerFactoryCustomizer<JettyServletWebServerFactory> jettyErrors() {
        return factory -> factory.addServerCustomizers(server -> server.setErrorHandler(new JsonErrorHandler()));
    }

    /**
     * The contract's status where Tomcat's HTTP/1.1 processor refuses a request with another. It answers 505 to
     * every version but HTTP/1.0 and HTTP/1.1, whatever its form, where one that is not {@code HTTP/<digit>.<digit>}
     * is malformed: 400. It answers 501 to a transfer coding it does not implement before it checks that
     * {@code chunked} is the last: a body whose length it cannot determine, 400. It closes the connection after both.
     */
    static int tomcatStatus(int status, String protocol, boolean transferEncoding) {
        if (status == 505 && !wellFormedVersion(protocol)) return 400;
        if (status == 501 && transferEncoding) return 400;
        return status;
    }

    /** What Tomcat's parser says of a head longer than its limit, in the locale it says it in. */
    private static final @Nullable String HEAD_TOO_LARGE =
            StringManager.getManager(Http11InputBuffer.class).getString("iib.requestheadertoolarge.error");

    /**
     * Tomcat refuses a head longer than its limit (32 KiB, past which every head breaks one of {@link HeadLimits}')
     * with 400, telling it from a malformed head only by its exception's message. The contract's status: 414 when it
     * stopped inside the request line ({@code target} null) or after a target too long, else 431.
     */
    static int tomcatHeadStatus(int status, @Nullable Object failure, @Nullable String target) {
        boolean tooLarge = status == 400
                && failure instanceof IllegalArgumentException e
                && HEAD_TOO_LARGE != null
                && HEAD_TOO_LARGE.equals(e.getMessage());
        if (!tooLarge) return status;
        return target == null || target.length() > HeadLimits.TARGET ? 414 : 431;
    }

    private static boolean wellFormedVersion(String protocol) {
        return protocol != null
                && protocol.length() == 8
                && protocol.startsWith("HTTP/")
                && Character.isDigit(protocol.charAt(5))
                && protocol.charAt(6) == '.'
                && Character.isDigit(protocol.charAt(7));
    }

    /**
     * Jetty reads a request line of version {@code HTTP/2.0} as HTTP/2 by prior knowledge and, with no h2c
     * connector, answers 426: to the contract that is another major version, 505.
     */
    static int jettyStatus(int status, HttpVersion version) {
        return status == 426 && version == HttpVersion.HTTP_2 ? 505 : status;
    }

    /**
     * Tomcat's host-level error report, as JSON; an error the application already wrote is left alone. A request
     * the processor refused passes here before the error page is chosen, so its status is corrected here first.
     */
    public static class JsonErrorValve extends ErrorReportValve {

        @Override
        public void invoke(Request request, Response response) throws IOException, ServletException {
            if (response.isError()) {
                int status = tomcatStatus(
                        response.getStatus(), request.getProtocol(), request.getHeader("Transfer-Encoding") != null);
                int headStatus = tomcatHeadStatus(
                        status,
                        request.getAttribute(RequestDispatcher.ERROR_EXCEPTION),
                        HeadLimits.target(request.getRequestURI(), request.getQueryString()));
                // Tomcat closes the connection after a head it did not read whole, but says so only after a 414.
                if (headStatus != status) response.setHeader("Connection", "close");
                response.setStatus(headStatus);
            }
            super.invoke(request, response);
        }

        @Override
        protected void report(Request request, Response response, Throwable throwable) {
            int status = response.getStatus();
            if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) return;
            byte[] body = body(status);
            try {
                response.setContentType("application/json");
                response.setContentLength(body.length);
                if (!response.containsHeader("Date")) response.setDateHeader("Date", System.currentTimeMillis());
                response.getOutputStream().write(body);
                response.finishResponse();
            } catch (IOException | IllegalStateException e) {
                // The client is gone; there is no one left to tell.
            }
        }
    }

    static final class JsonErrorHandler extends ErrorHandler {
        @Override
        public boolean handle(
                org.eclipse.jetty.server.Request request,
                org.eclipse.jetty.server.Response response,
                Callback callback) {
            int status = jettyStatus(
                    response.getStatus(), request.getConnectionMetaData().getHttpVersion());
            response.setStatus(status);
            byte[] body = body(status);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
            // Jetty ends the connection after a request it could not accept; say so, or a client reuses it.
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            response.write(true, ByteBuffer.wrap(body), callback);
            return true;
        }
    }
}
