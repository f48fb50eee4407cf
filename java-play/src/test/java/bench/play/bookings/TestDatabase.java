package bench.play.bookings;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import play.db.Database;
import play.db.Databases;

/**
 * Play's JDBC module on the contract's MariaDB: the DB_* environment `make unit` exports, with the defaults of
 * application.conf. Tests write under model names of their own.
 */
final class TestDatabase {
    private TestDatabase() {}

    static Database open(int poolSize, String connectionTimeout) {
        return open(env("DB_PORT", "3307"), poolSize, connectionTimeout);
    }

    static Database open(String port, int poolSize, String connectionTimeout) {
        String url = "jdbc:mariadb://" + env("DB_HOST", "127.0.0.1") + ":" + port + "/" + env("DB_NAME", "bench")
                + "?sslMode=disable";
        return Databases.createFrom(
                "bookings-test",
                "org.mariadb.jdbc.Driver",
                url,
                Map.of(
                        "username",
                        env("DB_USER", "bench"),
                        "password",
                        env("DB_PASSWORD", "bench"),
                        "hikaricp.maximumPoolSize",
                        poolSize,
                        "hikaricp.connectionTimeout",
                        connectionTimeout));
    }

    /** model's aggregates as "period=total/vversion", in period order. */
    static List<String> totals(Database database, String model) {
        return database.withConnection(connection -> {
            List<String> rows = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement("SELECT fiscal_period_id,"
                    + " total_dollar_amount, version FROM aggregates WHERE model = ? ORDER BY fiscal_period_id")) {
                select.setString(1, model);
                try (ResultSet row = select.executeQuery()) {
                    while (row.next()) {
                        rows.add(row.getInt(1) + "=" + row.getBigDecimal(2).toPlainString() + "/v" + row.getInt(3));
                    }
                }
            }
            return rows;
        });
    }

    static int bookingRows(Database database, String model) {
        return database.withConnection(connection -> {
            try (PreparedStatement count =
                    connection.prepareStatement("SELECT COUNT(*) FROM bookings WHERE model = ?")) {
                count.setString(1, model);
                try (ResultSet row = count.executeQuery()) {
                    row.next();
                    return row.getInt(1);
                }
            }
        });
    }

    private static String env(String name, String fallback) {
        return Optional.ofNullable(System.getenv(name)).orElse(fallback);
    }
}
