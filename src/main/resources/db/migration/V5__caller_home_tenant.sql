-- The tenant of each claim, so that one tenant's recorded REST callers can be counted and bounded
-- (codeexec.http.max-rest-callers-per-tenant): each new X-Session-Id added a row for a week, and one tenant sending
-- new ones in a loop grew the shared database by gigabytes an hour. Claims made before this column existed count for
-- no tenant; they are forgotten within a week, as every claim is.
ALTER TABLE caller_home ADD COLUMN tenant VARCHAR(64) DEFAULT '' NOT NULL;
CREATE INDEX ix_caller_home_tenant ON caller_home (tenant);
