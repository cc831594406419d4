package dev.codeexec.skills;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes the newest version of every skill to {@code skills.export-dir} in the starter format, so
 * the export can be reviewed, committed, and used as a starter directory elsewhere. The directory
 * is operator configuration, never chosen by a caller.
 */
@ApplicationScoped
public class SkillExporter {

    private static final Logger LOG = Logger.getLogger(SkillExporter.class.getName());

    private final SkillStore store;
    private final SkillsConfig config;

    SkillExporter(SkillStore store, SkillsConfig config) {
        this.store = store;
        this.config = config;
    }

    /**
     * Exports what the tenant can read. Only the local tenant (the operator) may: the directory is the operator's.
     */
    public SkillExport exportAll(String tenant) {
        if (!tenant.equals(dev.codeexec.tenant.Tenants.LOCAL)) {
            throw new dev.codeexec.InvalidInputException("tenant", "'" + tenant + "' cannot export: the export "
                    + "directory is the operator's; only the local tenant exports", dev.codeexec.InvalidInputException.Kind.FORBIDDEN);
        }
        Path dir = config.exportDir().toAbsolutePath().normalize();
        List<String> names = store.names(tenant);
        List<String> written = new ArrayList<>();
        for (String name : names) {
            try {
                SkillFiles.write(dir, store.load(tenant, name, null));
                written.add(name);
            } catch (IOException e) {
                throw new UncheckedIOException("could not write skill files to " + dir, e);
            } catch (dev.codeexec.InvalidInputException e) {
                // deleted between listing and loading: nothing to export
            }
        }
        LOG.log(Level.INFO, "skills exported: count={0} directory={1}", new Object[] {written.size(), dir});
        return new SkillExport(dir.toString(), written);
    }
}
