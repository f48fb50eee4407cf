package bench.vertx.chat;

import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageConsumer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * EventBus fan-out: one address per room, one local consumer per member, one publish per message. The
 * consumer runs on the member's own event loop (where it was registered), and the EventBus keeps the order
 * of one sender's messages to each consumer. Local only: a frame never leaves the process.
 */
final class EventBusRooms extends ChatRooms {
    private static final String PREFIX = "chat.room.";
    private static final DeliveryOptions LOCAL = new DeliveryOptions().setLocalOnly(true);

    private final EventBus eventBus;
    private final Map<Member, MessageConsumer<String>> consumers = new ConcurrentHashMap<>();

    EventBusRooms(Vertx vertx) {
        this.eventBus = vertx.eventBus();
    }

    @Override
    public void join(String room, Member member) {
        consumers.put(member, eventBus.<String>localConsumer(PREFIX + room, message -> member.deliver(message.body())));
    }

    @Override
    public void leave(String room, Member member) {
        MessageConsumer<String> consumer = consumers.remove(member);
        if (consumer != null) {
            consumer.unregister();
        }
    }

    @Override
    public void publish(String room, String frame) {
        eventBus.publish(PREFIX + room, frame, LOCAL);
    }
}
