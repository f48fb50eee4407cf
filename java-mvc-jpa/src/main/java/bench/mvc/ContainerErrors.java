package bench.mvc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;

/**
 * What the containers refuse before the application sees a request (a URI with {@code %00}, {@code %2f} or a
 * backslash: 400) would otherwise get Tomcat's or Jetty's HTML page. Both write the contract's JSON instead.
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

    /** Tomcat's host-level error report, as JSON; an error the application already wrote is left alone. */
    public static class JsonErrorValve extends ErrorReportValve {
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
            byte[] body = body(response.getStatus());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
            // Jetty ends the connection after a request it could not accept; say so, or a client reuses it.
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            response.write(true, ByteBuffer.wrap(body), callback);
            return true;
        }
    }
}
