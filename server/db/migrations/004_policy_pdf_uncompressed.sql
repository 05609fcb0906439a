-- A policy PDF is already compressed (its font programs and pages are deflated): stored out of
-- line without PostgreSQL's compression, which spent a purchase's largest statement on trying to
-- shrink it again for a few percent.
ALTER TABLE policies ALTER COLUMN pdf SET STORAGE EXTERNAL;
