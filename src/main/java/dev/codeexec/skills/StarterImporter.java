package dev.codeexec.skills;

import dev.codeexec.InvalidInputException;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Imports the starter skills under {@code skills.starter-dir} at start-up. The rule, which never
 * replaces a user's work:
 * <ol>
 * <li>name not stored: import the file as version 1;</li>
 * <li>some stored version already has the file's code hash: nothing to do (idempotent restarts);</li>
 * <li>the newest stored version was itself imported from a file ({@code saved_by = "starter"}): the
 *     file changed with a new release, so it becomes the next version;</li>
 * <li>otherwise a user saved the newest version: leave it alone.</li>
 * </ol>
 * Even in case 3 nothing is overwritten: every save adds a version.
 */
@ApplicationScoped
public class StarterImporter {

    static final String SAVED_BY = "starter";
    private static final Logger LOG = Logger.getLogger(StarterImporter.class.getName());

    /** Counts of one import run. */
    public record Report(int imported, int unchanged, int keptUserVersion, int invalid) {
    }

    private final SkillStore store;
    private final SkillsConfig config;

    StarterImporter(SkillStore store, SkillsConfig config) {
        this.store = store;
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        if (!config.starterImport()) {
            return;
        }
        if (!Files.isDirectory(config.starterDir())) {
            LOG.log(Level.INFO, "no starter skills: {0} is not a directory", config.starterDir().toAbsolutePath());
            return;
        }
        Report r = importFrom(config.starterDir());
        LOG.log(Level.INFO, "starter skills: imported={0} unchanged={1} kept_user_version={2} invalid={3}",
                new Object[] {r.imported(), r.unchanged(), r.keptUserVersion(), r.invalid()});
    }

    private enum Action { IMPORT, UNCHANGED, KEEP_USER_VERSION }

    /** The rule above, on the versions stored when the import's transaction reads them. */
    private static Action decide(List<SkillStore.StoredVersion> stored, String hash) {
        if (stored.stream().anyMatch(v -> v.sha256().equals(hash))) {
            return Action.UNCHANGED;
        }
        if (stored.isEmpty() || stored.get(stored.size() - 1).savedBy().equals(SAVED_BY)) {
            return Action.IMPORT;
        }
        return Action.KEEP_USER_VERSION;
    }

    /**
     * Imports every starter file under {@code dir}. Safe while another server imports the same files
     * into the same database: each decision is taken again after a lost race, so a file is stored once.
     */
    public Report importFrom(Path dir) {
        List<SkillFiles.SkillFile> files;
        try {
            files = SkillFiles.read(dir);
        } catch (IOException | IllegalArgumentException e) {
            LOG.log(Level.WARNING, "starter skills not imported: {0}", e.getMessage());
            return new Report(0, 0, 0, 1);
        }
        int imported = 0;
        int unchanged = 0;
        int kept = 0;
        int invalid = 0;
        for (SkillFiles.SkillFile f : files) {
            ValidSkill valid;
            try {
                valid = store.validate(new SkillDraft(f.name(), f.description(), f.code(), f.tags(), f.parameters(),
                        SAVED_BY));
            } catch (InvalidInputException e) {
                LOG.log(Level.WARNING, "starter skill {0} skipped: {1}", new Object[] {f.name(), e.getMessage()});
                invalid++;
                continue;
            }
            String hash = VersionInserter.sha256(valid.code());
            switch (store.storeIf(SkillScopes.STARTER, valid, stored -> decide(stored, hash), action -> action == Action.IMPORT)) {
                case IMPORT -> imported++;
                case UNCHANGED -> unchanged++;
                case KEEP_USER_VERSION -> kept++;
            }
        }
        return new Report(imported, unchanged, kept, invalid);
    }
}
