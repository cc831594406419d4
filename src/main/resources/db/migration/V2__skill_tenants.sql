-- Tenants: every version belongs to one scope, a tenant's name or '*' for the operator's starter skills, which
-- every tenant reads and only the local (operator) tenant changes. Existing rows were the local tenant's, except
-- names imported from starter files, which move to the starter scope with any versions saved over them.
ALTER TABLE skill_version ADD COLUMN tenant VARCHAR(64) DEFAULT 'local' NOT NULL;
UPDATE skill_version SET tenant = '*' WHERE name IN (SELECT name FROM skill_version WHERE saved_by = 'starter');
ALTER TABLE skill_version DROP CONSTRAINT uq_skill_version_name_version;
ALTER TABLE skill_version ADD CONSTRAINT uq_skill_version_tenant_name_version UNIQUE (tenant, name, version);
