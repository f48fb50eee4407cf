package bench.vertx.chat;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * EventBus fan-out: one address per room, one local consumer per member, one publish per message. The
 * consumer runs on the member's own event loop (where it was registered), and the EventBus keeps the order
 * of one sender's messages to each consumer. Local only: a frame never leaves the process.
 *
 * <p>A room's address carries the frames (strings) and, rarely, a member's leave marker (its id, a number): a member
 * that must leave behind its own frames publishes its marker to the room and leaves when the marker reaches its own
 * consumer, by the same ordered path as those frames, so none of them can be overtaken or dropped by the
 * unregistration. The other members ignore a marker that is not theirs.
 */
final class EventBusRooms extends ChatRooms {
    private static final String PREFIX = "chat.room.";
    private static final DeliveryOptions LOCAL = new DeliveryOptions().setLocalOnly(true);

    private final EventBus eventBus;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Member, Subscription> subscriptions = new ConcurrentHashMap<>();

    EventBusRooms(Vertx vertx) {
        this.eventBus = vertx.eventBus();
    }

    @Override
    public void join(String room, Member member) {
        Subscription subscription = new Subscription(member, ids.incrementAndGet());
        subscriptions.put(member, subscription);
        subscription.consumer = eventBus.localConsumer(PREFIX + room, subscription);
    }

    @Override
    public void leave(String room, Member member) {
        Subscription subscription = subscriptions.remove(member);
        if (subscription != null) {
            subscription.consumer.unregister();
        }
    }

    @Override
    public Future<Void> leaveAfterOwnFrames(String room, Member member) {
        Subscription subscription = subscriptions.get(member);
        if (subscription == null) {
            return Future.succeededFuture();
        }
        eventBus.publish(PREFIX + room, subscription.id, LOCAL);
        return subscription.left.future();
    }

    @Override
    public void publish(String room, String frame) {
        eventBus.publish(PREFIX + room, frame, LOCAL);
    }

    /** One member's consumer of its room's address. */
    private final class Subscription implements Handler<Message<Object>> {
        private final Member member;
        private final Long id;
        private final Promise<Void> left = Promise.promise();
        private MessageConsumer<Object> consumer;

        Subscription(Member member, long id) {
            this.member = member;
            this.id = id;
        }

        @Override
        public void handle(Message<Object> message) {
            Object body = message.body();
            if (body instanceof String frame) {
                member.deliver(frame);
            } else if (id.equals(body) && subscriptions.remove(member, this)) {
                consumer.unregister();
                left.complete();
            }
        }
    }
}
