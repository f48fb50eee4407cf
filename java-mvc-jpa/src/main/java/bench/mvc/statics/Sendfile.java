package bench.mvc.statics;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.converter.ResourceHttpMessageConverter;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Zero-copy for whole files on Tomcat: instead of copying the file through the servlet output stream, it hands
 * the file to Tomcat's sendfile through the request attributes Tomcat documents for any servlet (the way its own
 * default servlet does); the kernel then moves the bytes from the page cache to the socket. Only where the
 * container offers it (not on Jetty) and only for files past Tomcat's own threshold (small files are cheaper to
 * copy than to hand over). Ranges are still copied by Spring's region converter.
 */
final class Sendfile extends ResourceHttpMessageConverter {

  static final long THRESHOLD = 48 * 1024;
  private static final String SUPPORT = "org.apache.tomcat.sendfile.support";
  private static final String FILENAME = "org.apache.tomcat.sendfile.filename";
  private static final String START = "org.apache.tomcat.sendfile.start";
  private static final String END = "org.apache.tomcat.sendfile.end";

  @Override
  protected void writeContent(Resource resource, HttpOutputMessage output) throws IOException {
    HttpServletRequest request = RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
        ? attributes.getRequest() : null;
    if (request != null && Boolean.TRUE.equals(request.getAttribute(SUPPORT)) && resource.isFile()
        && resource.contentLength() >= THRESHOLD) {
      request.setAttribute(FILENAME, resource.getFile().getAbsolutePath());
      request.setAttribute(START, 0L);
      request.setAttribute(END, resource.contentLength());
      return;
    }
    super.writeContent(resource, output);
  }
}
