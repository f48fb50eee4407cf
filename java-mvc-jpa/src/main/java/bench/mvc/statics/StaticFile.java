package bench.mvc.statics;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.converter.ResourceHttpMessageConverter;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * The resolved, contained file (a {@link Resource} that {@link StaticRoot} let through): its ETag from size and
 * mtime, so that a changed file changes it, and how its bytes are sent. A whole file goes zero-copy on Tomcat:
 * instead of being copied through the servlet output stream it is handed to Tomcat's sendfile through the request
 * attributes Tomcat documents for any servlet (the way its own default servlet does), and the kernel moves the bytes
 * from the page cache to the socket. Only where the container offers it (not on Jetty) and only past Tomcat's own
 * threshold (small files are cheaper to copy than to hand over). Ranges are copied by Spring's region converter.
 */
final class StaticFile extends ResourceHttpMessageConverter {

    static final long THRESHOLD = 48 * 1024;
    private static final String SUPPORT = "org.apache.tomcat.sendfile.support";
    private static final String FILENAME = "org.apache.tomcat.sendfile.filename";
    private static final String START = "org.apache.tomcat.sendfile.start";
    private static final String END = "org.apache.tomcat.sendfile.end";

    static @Nullable String etag(Resource file) {
        try {
            return "\"" + Long.toHexString(file.contentLength()) + "-" + Long.toHexString(file.lastModified()) + "\"";
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    protected void writeContent(Resource resource, HttpOutputMessage output) throws IOException {
        HttpServletRequest request =
                RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                        ? attributes.getRequest()
                        : null;
        if (request != null
                && Boolean.TRUE.equals(request.getAttribute(SUPPORT))
                && resource.isFile()
                && resource.contentLength() >= THRESHOLD) {
            request.setAttribute(FILENAME, resource.getFile().getAbsolutePath());
            request.setAttribute(START, 0L);
            request.setAttribute(END, resource.contentLength());
            return;
        }
        super.writeContent(resource, output);
    }
}
