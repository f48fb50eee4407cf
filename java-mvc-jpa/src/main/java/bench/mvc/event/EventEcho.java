package bench.mvc.event;

import bench.contract.event.EventJson;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * POST /event: the body is taken as bytes (the mapping's {@code consumes} answers 415 first, the body limit
 * 413), mapped strictly onto the contract's Event ({@link EventJson}) and written back in canonical form. The body is required: Spring
 * checks {@code consumes} only for a request with a body unless the body is required, and an empty body under
 * another media type is a 415 before it is a 400 (spec/API.md §1.4).
 */
@RestController
class EventEcho {

    @PostMapping(path = "/event", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> echo(@RequestBody byte[] body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(EventJson.write(EventJson.read(body)));
    }
}
