'use strict';

const { Sequelize, DataTypes } = require('sequelize');

// The sequelize instance and the two models, mapped onto spec/schema.sql as it is (never sync()ed).
function createDatabase({ host, port, name, user, password, poolSize }) {
  const sequelize = new Sequelize(name, user, password, {
    dialect: 'mysql',
    host,
    port,
    logging: false,
    // DATETIME(3) origin_ts holds UTC; sequelize also sets the session time zone, so TIMESTAMPs agree.
    timezone: '+00:00',
    // Connections open on demand up to DB_POOL_SIZE and stay open through a benchmark's pauses. A request
    // waits at most 2 s for one (spec/API.md §6.5), whether the pool is saturated or the database is down.
    pool: { max: poolSize, min: 0, idle: 30_000, acquire: 2_000 },
    // No ssl option: plaintext, as every stack connects (spec/API.md §8).
    dialectOptions: { connectTimeout: 2_000 },
    define: { underscored: true, freezeTableName: true },
  });

  // Factories, not shared objects: sequelize writes each model's column name into its attribute definitions.
  const rowId = () => ({ type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true });
  const string = (options = {}) => ({ type: DataTypes.STRING(255), allowNull: false, ...options });
  const money = () => ({ type: DataTypes.DECIMAL(19, 2), allowNull: false }); // read back as exact strings

  const Booking = sequelize.define(
    'Booking',
    {
      rowId: rowId(),
      bookingId: string(),
      dollarValue: money(),
      startDate: { type: DataTypes.DATEONLY, allowNull: false },
      endDate: { type: DataTypes.DATEONLY, allowNull: false },
      originTs: { type: DataTypes.DATE(3), allowNull: false },
      parentId: string({ allowNull: true }),
      model: string(),
      trim: string(),
      stage: string({ allowNull: true }),
      type: string({ allowNull: true }),
    },
    { tableName: 'bookings', timestamps: false }, // created_at: the column's DEFAULT CURRENT_TIMESTAMP
  );

  const Aggregate = sequelize.define(
    'Aggregate',
    {
      rowId: rowId(),
      version: { type: DataTypes.INTEGER, allowNull: false },
      model: string(),
      trim: string(),
      totalDollarAmount: money(),
      fiscalPeriodId: { type: DataTypes.INTEGER, allowNull: false },
    },
    { tableName: 'aggregates', timestamps: false }, // last_updated: DEFAULT / ON UPDATE CURRENT_TIMESTAMP
  );

  return { sequelize, Booking, Aggregate };
}

module.exports = { createDatabase };
