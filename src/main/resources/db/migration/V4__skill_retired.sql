-- The last version a deleted skill name had in a scope: a name saved again after delete_skill goes on from it, so
-- a version number never names two different codes (a caller pinned to version 1 must not get another skill's).
CREATE TABLE skill_retired (
    tenant       VARCHAR(64) NOT NULL,
    name         VARCHAR(64) NOT NULL,
    last_version INTEGER     NOT NULL,
    CONSTRAINT pk_skill_retired PRIMARY KEY (tenant, name)
);
