package bench.chat;

import java.util.List;
import java.util.Map;

/** Writes the report: maps, lists, strings, numbers, booleans and null, nothing else. */
final class Json {
    private Json() {}

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value, "");
        return out.append('\n').toString();
    }

    private static void write(StringBuilder out, Object value, String indent) {
        String inner = indent + "  ";
        if (value == null) {
            out.append("null");
        } else if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(inner);
                string(out, String.valueOf(e.getKey()));
                out.append(": ");
                write(out, e.getValue(), inner);
                out.append(++i < map.size() ? ",\n" : "\n");
            }
            out.append(indent).append('}');
        } else if (value instanceof List<?> list) {
            if (list.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append("[\n");
            for (int i = 0; i < list.size(); i++) {
                out.append(inner);
                write(out, list.get(i), inner);
                out.append(i + 1 < list.size() ? ",\n" : "\n");
            }
            out.append(indent).append(']');
        } else if (value instanceof Double d) {
            out.append(d.isNaN() || d.isInfinite() ? "null" : d.toString());
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else {
            string(out, value.toString());
        }
    }

    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        out.append('"');
    }
}
