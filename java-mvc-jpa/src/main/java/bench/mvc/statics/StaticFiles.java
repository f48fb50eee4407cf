package bench.mvc.statics;

import bench.contract.statics.ByteRange;
import bench.contract.statics.StaticPath;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;

/**
 * GET and HEAD {@code /static/**} (spec/API.md §4) through Spring's {@link ResourceHttpRequestHandler}: it
 * streams the file, sets Content-Length, Accept-Ranges and Last-Modified, answers conditional requests (304)
 * and a range (206, 416), and refuses other methods with 405. Around it: which paths ({@link StaticRoot}) and
 * types ({@link StaticPath}), the file's ETag and zero-copy send ({@link StaticFile}), the Range header read by the
 * contract's grammar ({@link ByteRange}): Spring's handler would read more (several ranges as multipart, spaces) and
 * answer 416 to what it cannot parse (a malformed header, a position past a long), so it is handed the one range in
 * a form it reads, or no header at all.
 */
@Configuration(proxyBeanMethods = false)
class StaticFiles {

    @Bean
    ResourceHttpRequestHandler staticHandler(@Value("${bench.static-root}") String staticRoot) throws IOException {
        Path root = Path.of(staticRoot).toAbsolutePath().normalize().toRealPath();
        var handler = new Files(new StaticRoot(root));
        handler.setLocations(List.of(new FileSystemResource(root.toString() + "/")));
        handler.setEtagGenerator(StaticFile::etag);
        handler.setResourceHttpMessageConverter(new StaticFile());
        return handler;
    }

    @Bean
    SimpleUrlHandlerMapping staticMapping(ResourceHttpRequestHandler staticHandler) {
        var mapping = new SimpleUrlHandlerMapping(Map.of("/static/**", staticHandler));
        mapping.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return mapping;
    }

    /**
     * Spring's handler with the contract's paths and types, the method checked first, and {@code If-None-Match: *},
     * which Spring does not match.
     */
    private static final class Files extends ResourceHttpRequestHandler {

        private static final String PREFIX = "/static/";

        private final StaticRoot files;

        Files(StaticRoot files) {
            this.files = files;
        }

        /** From the raw request path: Spring's path within the mapping is the container's decoded one. */
        @Override
        protected @Nullable Resource getResource(HttpServletRequest request) {
            String raw = raw(request);
            return raw.startsWith(PREFIX) ? files.resolve(raw.substring(PREFIX.length())) : null;
        }

        private static String raw(HttpServletRequest request) {
            return request.getRequestURI().substring(request.getContextPath().length());
        }

        @Override
        protected MediaType getMediaType(HttpServletRequest request, Resource resource) {
            return MediaType.parseMediaType(StaticPath.contentType(resource.getFilename()));
        }

        @Override
        public void handleRequest(HttpServletRequest request, HttpServletResponse response)
                throws ServletException, IOException {
            // Every /static/ path is this route (/static itself is not, though the mapping's /static/** takes it):
            // another method is a 405 before the path is looked at, where Spring looks the file up first.
            String raw = raw(request);
            if (!raw.startsWith(PREFIX)) {
                throw new NoResourceFoundException(HttpMethod.valueOf(request.getMethod()), raw, raw);
            }
            checkRequest(request);
            String ifNoneMatch = request.getHeader(HttpHeaders.IF_NONE_MATCH);
            String range = request.getHeader(HttpHeaders.RANGE);
            Resource resource = ifNoneMatch != null || range != null ? getResource(request) : null;
            if (resource != null && ifNoneMatch != null && "*".equals(ifNoneMatch.strip())) {
                response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
                response.setHeader(HttpHeaders.ETAG, StaticFile.etag(resource));
                response.setDateHeader(HttpHeaders.LAST_MODIFIED, resource.lastModified());
                return;
            }
            // Spring answers an unsatisfiable range through sendError, and Jetty's error dispatch drops the
            // Content-Range that a 416 must carry; written here, the answer is the same on both containers. A
            // conditional request's 304 (or 412) comes first, as in Spring's handler (spec/API.md §4.4).
            ByteRange.Outcome asked = resource == null || range == null
                    ? new ByteRange.Full()
                    : ByteRange.parse(range, resource.contentLength());
            if (asked instanceof ByteRange.Unsatisfiable) {
                if (new ServletWebRequest(request, response)
                        .checkNotModified(StaticFile.etag(resource), resource.lastModified())) {
                    return;
                }
                byte[] body = "{\"error\":\"Range not satisfiable\"}".getBytes(StandardCharsets.UTF_8);
                response.setStatus(HttpServletResponse.SC_REQUESTED_RANGE_NOT_SATISFIABLE);
                response.setHeader(HttpHeaders.CONTENT_RANGE, "bytes */" + resource.contentLength());
                response.setContentType(MediaType.APPLICATION_JSON_VALUE);
                response.setContentLength(body.length);
                response.getOutputStream().write(body);
                return;
            }
            super.handleRequest(range == null ? request : new RangeRequest(request, canonical(asked)), response);
        }
    }

    /** The range as Spring's handler reads it, or null to hide the header: the whole file. */
    private static @Nullable String canonical(ByteRange.Outcome asked) {
        return asked instanceof ByteRange.Slice slice ? "bytes=" + slice.first() + "-" + slice.last() : null;
    }

    /** The request with its Range header replaced, or hidden: the servlet API cannot change a header. */
    private static final class RangeRequest extends HttpServletRequestWrapper {
        private final @Nullable String range;

        RangeRequest(HttpServletRequest request, @Nullable String range) {
            super(request);
            this.range = range;
        }

        @Override
        public @Nullable String getHeader(String name) {
            return HttpHeaders.RANGE.equalsIgnoreCase(name) ? range : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            if (!HttpHeaders.RANGE.equalsIgnoreCase(name)) return super.getHeaders(name);
            return range == null ? Collections.emptyEnumeration() : Collections.enumeration(List.of(range));
        }
    }
}
