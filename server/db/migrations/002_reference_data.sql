-- Every product keeps its reference data the same way: one `tariffs` row, seeded from
-- products/<id>/sale.ts. Travel's destinations move into that row, and its row takes the new
-- shape (tariff + catalog), so the old one is dropped for the seed to write it again.
DROP TABLE countries;
DELETE FROM tariffs WHERE product = 'travel';
