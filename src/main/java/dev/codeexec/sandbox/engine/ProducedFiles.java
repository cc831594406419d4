package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.OutputPlan;
import dev.codeexec.sandbox.ProducedFile;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/** The files a run produced, as its result lists them: regular files still there, none of the server's own. */
final class ProducedFiles {

    private ProducedFiles() {
    }

    /**
     * The files listed, and how many more regular files the run produced; {@code atLeast} when it touched more files
     * than a run remembers, so there may be more still.
     */
    record Listed(List<ProducedFile> files, int more, boolean atLeast) {
    }

    static Listed of(WorkspaceRoot root, RunIntake.Taken taken) {
        List<Path> touched = taken.touched();
        Path runs = root.path().resolve(OutputPlan.RUNS_DIR);
        List<ProducedFile> files = new ArrayList<>();
        int more = 0;
        for (Path path : touched) {
            if (path.startsWith(runs)) {
                continue;
            }
            try {
                BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                if (!attributes.isRegularFile()) {
                    continue;
                }
                if (files.size() < ProducedFile.MAX_LISTED) {
                    files.add(new ProducedFile(root.path().relativize(path).toString(), attributes.size()));
                } else {
                    more++;
                }
            } catch (IOException e) {
                // Deleted again before the run ended: not something it produced.
            }
        }
        return new Listed(files, more, taken.touchedMore());
    }
}
