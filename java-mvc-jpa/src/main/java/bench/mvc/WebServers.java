package bench.mvc;

import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.buf.EncodedSolidusHandling;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Both containers are in the jar, so the choice is made here rather than by classpath order: Tomcat unless
 * {@code SERVER=jetty} (the jetty variant, the same jar with other environment). Boot's {@code server.*} customizers (port, thread
 * pool, graceful shutdown, WebSocket) apply to whichever factory is present.
 */
@Configuration(proxyBeanMethods = false)
class WebServers {

    @Bean
    @ConditionalOnProperty(name = "bench.server", havingValue = "tomcat", matchIfMissing = true)
    TomcatServletWebServerFactory tomcat() {
        var factory = new TomcatServletWebServerFactory();
        factory.addConnectorCustomizers(connector -> {
            // An escaped slash (/health%2F) is an unknown route (404), not a URI Tomcat refuses (400, then close):
            // left undecoded, it matches no route, and StaticFiles refuses it in a static path.
            connector.setEncodedSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue());
            // TRACE goes to Spring like any other method a route lacks (405 with the route's Allow, or 404), not
            // to the connector's 405 listing the servlet's methods; Spring never echoes it (TraceRequests).
            connector.setAllowTrace(true);
            // The number of field lines is HeadLimits' to count, as on Jetty, which has no such limit: Tomcat's
            // (100) would refuse the 101st with 400 before any filter.
            if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) http.setMaxHeaderCount(-1);
        });
        return factory;
    }

    @Bean
    @ConditionalOnProperty(name = "bench.server", havingValue = "jetty")
    JettyServletWebServerFactory jetty() {
        var factory = new JettyServletWebServerFactory();
        factory.addServerCustomizers(server -> {
            // An empty segment (//hello, /static//1kb.bin) or an escaped slash (/health%2F) is an unknown route or
            // a missing file (404), as on Tomcat, not a URI Jetty refuses before the application sees it (400, then
            // close); the servlet API then answers such a path instead of throwing, and ExactRoutes and StaticFiles
            // judge the raw path themselves.
            var compliance = UriCompliance.DEFAULT.with(
                    "routes judged by the raw path",
                    UriCompliance.Violation.AMBIGUOUS_EMPTY_SEGMENT,
                    UriCompliance.Violation.AMBIGUOUS_PATH_SEPARATOR);
            for (var connector : server.getConnectors()) {
                var http = connector.getConnectionFactory(HttpConnectionFactory.class);
                if (http != null) http.getHttpConfiguration().setUriCompliance(compliance);
            }
            server.getDescendant(ServletContextHandler.class)
                    .getServletHandler()
                    .setDecodeAmbiguousURIs(true);
        });
        return factory;
    }
}
