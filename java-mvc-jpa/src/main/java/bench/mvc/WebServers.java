package bench.mvc;

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
        return new TomcatServletWebServerFactory();
    }

    @Bean
    @ConditionalOnProperty(name = "bench.server", havingValue = "jetty")
    JettyServletWebServerFactory jetty() {
        return new JettyServletWebServerFactory();
    }
}
