-- Which server holds each REST caller's in-memory state (persistent sessions, PII vault, background runs), so a
-- replica reached by a caller whose state another replica held says that state is gone instead of silently
-- starting afresh. One row per caller id (tenant/rest:<X-Session-Id>); replica ids are name-bootsuffix.
CREATE TABLE caller_home (
    caller     VARCHAR(300) PRIMARY KEY,
    replica    VARCHAR(64)  NOT NULL,
    claimed_at TIMESTAMP WITH TIME ZONE NOT NULL
);
