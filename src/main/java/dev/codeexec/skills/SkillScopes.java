package dev.codeexec.skills;

import dev.codeexec.InvalidInputException;
import dev.codeexec.tenant.Tenants;
import java.util.List;

/**
 * Whose skills a tenant sees and changes. A tenant reads its own skills and the operator's starter skills (its own
 * win on a shared name); it writes only its own. The local tenant is the operator: it also maintains the starter
 * skills, so its saves and deletes of a starter name act on the starter scope, as they did before tenants.
 */
final class SkillScopes {

    /** The operator's starter skills; never a tenant name, which must start with a letter or digit. */
    static final String STARTER = "*";

    private SkillScopes() {
    }

    /** The scopes a tenant reads, its own first. */
    static List<String> readable(String tenant) {
        return List.of(tenant, STARTER);
    }

    /**
     * The scope a save or delete of {@code name} by {@code tenant} acts on.
     *
     * @param inOwn     whether the tenant's own scope has the name
     * @param inStarter whether the starter scope has the name
     * @throws InvalidInputException when the name is a starter skill the tenant may not change
     */
    static String writable(String tenant, String name, boolean inOwn, boolean inStarter) {
        if (inOwn || !inStarter) {
            return tenant;
        }
        if (tenant.equals(Tenants.LOCAL)) {
            return STARTER;
        }
        throw new InvalidInputException("name", "'" + name + "' is a starter skill, read-only to tenants; save your "
                + "version under another name", InvalidInputException.Kind.FORBIDDEN);
    }
}
