package bench.vertx;

import bench.contract.Environment;
import java.util.Map;

/** How a chat room reaches its members: direct writes, or one EventBus publish per message (CHAT_FANOUT). */
public enum ChatFanout {
    DIRECT,
    EVENTBUS;

    public static ChatFanout of(Map<String, String> env) {
        return valueOf(Environment.choice(env, "CHAT_FANOUT", "direct"));
    }
}
