package bench.mvc.chat;

import bench.mvc.WithoutHeader;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;
import org.springframework.web.socket.server.HandshakeInterceptor;
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean;
import org.springframework.web.socket.server.standard.StandardWebSocketUpgradeStrategy;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;

/**
 * {@code /chat} on the container's standard (Jakarta) WebSocket support, the same on Tomcat and Jetty: messages
 * of up to 1 MiB reach the handler, which refuses one over 64 KiB in its turn (past 1 MiB the container closes
 * with 1009 itself), no idle timeout, any origin, and refused handshakes answered with the contract's JSON error
 * instead of Spring's plain text.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class ChatConfig implements WebSocketConfigurer {

    /**
     * The container's bound on one message, past the contract's 64 KiB ({@link ChatProtocol#MAX_MESSAGE_BYTES}) so
     * that a message over that still reaches the handler in its turn (spec/API.md §7.4), and memory stays bounded.
     * Tomcat allocates these buffers for each connection as it opens; Jetty as a message arrives.
     */
    static final int MAX_MESSAGE = 1024 * 1024;

    private static final String EXTENSIONS = "Sec-WebSocket-Extensions";

    private final Chat chat;

    ChatConfig(Chat chat) {
        this.chat = chat;
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        registry.addHandler(chat, "/chat")
                .setHandshakeHandler(new Handshake())
                .addInterceptors(new Before())
                .setAllowedOriginPatterns("*");
    }

    /** Runs ahead of the handshake: the Date header the 101 needs too, and the 405 for other methods. */
    private static final class Before implements HandshakeInterceptor {

        @Override
        public boolean beforeHandshake(
                ServerHttpRequest request,
                ServerHttpResponse response,
                WebSocketHandler handler,
                Map<String, Object> attributes) {
            if (response instanceof ServletServerHttpResponse servlet
                    && !servlet.getServletResponse().containsHeader(HttpHeaders.DATE)) {
                servlet.getServletResponse().setDateHeader(HttpHeaders.DATE, System.currentTimeMillis());
            }
            if (request.getMethod() == HttpMethod.GET) return true;
            response.getHeaders().setAllow(Set.of(HttpMethod.GET));
            refuse(response, HttpStatus.METHOD_NOT_ALLOWED, "method not allowed");
            return false;
        }

        @Override
        public void afterHandshake(
                ServerHttpRequest request,
                ServerHttpResponse response,
                WebSocketHandler handler,
                Exception exception) {}
    }

    /**
     * No permessage-deflate, as in the reference stack's ws server: compressing each relayed frame costs CPU per
     * recipient, and the backpressure bound is meant for bytes on the wire. Tomcat offers the extension whatever
     * Spring selects, so the offer is hidden from it.
     */
    @Bean
    FilterRegistrationBean<OncePerRequestFilter> noCompression() {
        var registration = new FilterRegistrationBean<OncePerRequestFilter>(new OncePerRequestFilter() {
            @Override
            protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                    throws ServletException, IOException {
                chain.doFilter(new WithoutHeader(request, EXTENSIONS), response);
            }
        });
        registration.addUrlPatterns("/chat");
        return registration;
    }

    @Bean
    ServletServerContainerFactoryBean webSocketContainer() {
        var container = new ServletServerContainerFactoryBean();
        container.setMaxTextMessageBufferSize(MAX_MESSAGE);
        container.setMaxBinaryMessageBufferSize(MAX_MESSAGE);
        container.setMaxSessionIdleTimeout(0L);
        return container;
    }

    private static final class Handshake extends DefaultHandshakeHandler {

        Handshake() {
            super(new StandardWebSocketUpgradeStrategy());
        }

        @Override
        protected void handleInvalidUpgradeHeader(ServerHttpRequest request, ServerHttpResponse response) {
            response.getHeaders().setUpgrade("websocket");
            refuse(response, HttpStatus.UPGRADE_REQUIRED, "a WebSocket upgrade is required");
        }

        @Override
        protected void handleInvalidConnectHeader(ServerHttpRequest request, ServerHttpResponse response) {
            refuse(response, HttpStatus.BAD_REQUEST, "the Connection header must ask for an upgrade");
        }

        @Override
        protected void handleWebSocketVersionNotSupported(ServerHttpRequest request, ServerHttpResponse response) {
            response.getHeaders().set("Sec-WebSocket-Version", "13");
            refuse(response, HttpStatus.UPGRADE_REQUIRED, "unsupported WebSocket version");
        }
    }

    private static void refuse(ServerHttpResponse response, HttpStatus status, String message) {
        byte[] body = ("{\"error\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
        response.setStatusCode(status);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        response.getHeaders().setContentLength(body.length);
        try {
            response.getBody().write(body);
            response.flush();
        } catch (IOException e) {
            // The client left before its refusal: nothing to log for it.
        }
    }
}
