package bench.mvc.bookings;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.protobuf.ProtobufHttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The two readers of a booking, ahead of Spring's defaults: protobuf-java for {@code application/x-protobuf}
 * (only that: its JSON support would coerce types) and {@link BookingJson} for {@code application/json}.
 */
@Configuration(proxyBeanMethods = false)
class Converters implements WebMvcConfigurer {

  @Override
  public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
    ProtobufHttpMessageConverter protobuf = new ProtobufHttpMessageConverter();
    protobuf.setSupportedMediaTypes(List.of(ProtobufHttpMessageConverter.PROTOBUF));
    converters.add(0, protobuf);
    converters.add(1, new BookingJson());
  }
}
