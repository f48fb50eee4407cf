'use strict';

const { HttpError } = require('./errors');

// GET /aggregates?model=&trim=: both filters optional, exact match, each given at most once (else 400);
// rows in (model, trim, fiscal_period_id) order.
function aggregates({ Aggregate }) {
  return async (req, res) => {
    const where = {};
    for (const key of ['model', 'trim']) {
      const value = req.query[key];
      if (Array.isArray(value)) throw new HttpError(400, `${key} may be given once`);
      if (value !== undefined) where[key] = value;
    }
    const rows = await Aggregate.findAll({
      where,
      attributes: ['model', 'trim', 'fiscalPeriodId', 'totalDollarAmount', 'version'],
      order: [
        ['model', 'ASC'],
        ['trim', 'ASC'],
        ['fiscalPeriodId', 'ASC'],
      ],
      raw: true,
    });
    res.json(rows);
  };
}

module.exports = { aggregates };
