package bench.mvc;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * TRACE is a method no route implements: 405 with the route's {@code Allow}, or 404 (spec/API.md §1.6). The servlet
 * API echoes the request back instead, and Spring's {@code dispatchTraceRequest} still echoes it after a handler's
 * answer unless that answer is {@code message/http}; so TRACE is dispatched like any other method, and only that.
 * Boot's own dispatcher servlet otherwise, with its settings.
 */
@Configuration(proxyBeanMethods = false)
class TraceRequests {

    @Bean(name = DispatcherServletAutoConfiguration.DEFAULT_DISPATCHER_SERVLET_BEAN_NAME)
    DispatcherServlet dispatcherServlet(WebMvcProperties mvc) {
        var servlet = new Dispatcher();
        servlet.setDispatchOptionsRequest(mvc.isDispatchOptionsRequest());
        servlet.setPublishEvents(mvc.isPublishRequestHandledEvents());
        servlet.setEnableLoggingRequestDetails(mvc.isLogRequestDetails());
        return servlet;
    }

    static final class Dispatcher extends DispatcherServlet {
        @Override
        protected void doTrace(HttpServletRequest request, HttpServletResponse response)
                throws ServletException, IOException {
            processRequest(request, response);
        }
    }
}
