-- The only schema of the project. Loaded by `make db-up` natively and by the db container's init in compose.
-- Stacks never create or migrate tables. Safe to load twice.
-- Text compares exactly: binary and NO PAD, so the products 'LE' and 'LE ' are two products, not one
-- (MariaDB's utf8mb4_bin ignores trailing spaces).

CREATE TABLE IF NOT EXISTS fiscal_periods (
  id         INT          NOT NULL PRIMARY KEY,   -- year * 10 + half: 20221 = H1 2022
  name       VARCHAR(16)  NOT NULL,
  start_date DATE         NOT NULL,
  end_date   DATE         NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin;

-- Calendar half-years 2000-2049: H1 = Jan 1 - Jun 30, H2 = Jul 1 - Dec 31.
INSERT IGNORE INTO fiscal_periods (id, name, start_date, end_date)
WITH RECURSIVE years (y) AS (SELECT 2000 UNION ALL SELECT y + 1 FROM years WHERE y < 2049)
SELECT y * 10 + 1, CONCAT('H1 ', y), MAKEDATE(y, 1), DATE_SUB(MAKEDATE(y, 1) + INTERVAL 6 MONTH, INTERVAL 1 DAY) FROM years
UNION ALL
SELECT y * 10 + 2, CONCAT('H2 ', y), MAKEDATE(y, 1) + INTERVAL 6 MONTH, MAKEDATE(y, 1) + INTERVAL 1 YEAR - INTERVAL 1 DAY FROM years;

CREATE TABLE IF NOT EXISTS bookings (
  row_id       INT           NOT NULL AUTO_INCREMENT PRIMARY KEY,
  booking_id   VARCHAR(255)  NOT NULL,
  created_at   TIMESTAMP     NOT NULL DEFAULT CURRENT_TIMESTAMP,
  dollar_value DECIMAL(19,2) NOT NULL,
  start_date   DATE          NOT NULL,
  end_date     DATE          NOT NULL,
  -- UTC epoch milliseconds of the source system; DATETIME does not end in 2038 nor follow the session time zone.
  origin_ts    DATETIME(3)   NOT NULL,
  parent_id    VARCHAR(255)  NULL,
  model        VARCHAR(255)  NOT NULL,
  trim         VARCHAR(255)  NOT NULL,
  stage        VARCHAR(255)  NULL,
  type         VARCHAR(255)  NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin;

CREATE TABLE IF NOT EXISTS aggregates (
  row_id              INT           NOT NULL AUTO_INCREMENT PRIMARY KEY,
  version             INT           NOT NULL,
  last_updated        TIMESTAMP     NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  model               VARCHAR(255)  NOT NULL,
  trim                VARCHAR(255)  NOT NULL,
  total_dollar_amount DECIMAL(19,2) NOT NULL,
  fiscal_period_id    INT           NOT NULL,
  -- Without this key two first sales of a product race and both insert: the loser gets 1062 and retries.
  UNIQUE KEY aggregates_product_period (model, trim, fiscal_period_id),
  CONSTRAINT aggregates_fiscal_period FOREIGN KEY (fiscal_period_id) REFERENCES fiscal_periods (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin;
