package dev.codeexec.registry;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Watches the registry directory and its category folders, and calls {@code onChange} once a burst of
 * file events has been quiet for the debounce time (an editor saving a file fires several events).
 */
final class RegistryWatcher implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(RegistryWatcher.class);

    private final Path dir;
    private final Duration debounce;
    private final Runnable onChange;
    private final WatchService watcher;
    private final Thread thread;

    RegistryWatcher(Path dir, Duration debounce, Runnable onChange) throws IOException {
        this.dir = dir;
        this.debounce = debounce;
        this.onChange = onChange;
        this.watcher = FileSystems.getDefault().newWatchService();
        registerTree();
        this.thread = Thread.ofPlatform().daemon().name("registry-watcher").start(this::loop);
    }

    private void registerTree() throws IOException {
        register(dir);
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : children.filter(Files::isDirectory).toList()) {
                register(child);
            }
        }
    }

    private void register(Path path) throws IOException {
        path.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                StandardWatchEventKinds.ENTRY_MODIFY);
    }

    private void loop() {
        try {
            while (true) {
                drain(watcher.take());
                WatchKey more;
                while ((more = watcher.poll(debounce.toMillis(), TimeUnit.MILLISECONDS)) != null) {
                    drain(more);
                }
                try {
                    // New category folders appear as events on the root: watch them too.
                    registerTree();
                } catch (IOException e) {
                    LOG.warnf("registry watcher cannot list %s: %s", dir, e.getClass().getSimpleName());
                }
                try {
                    onChange.run();
                } catch (RuntimeException e) {
                    LOG.warnf("registry reload failed: %s", e.toString());
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closing
        }
    }

    private static void drain(WatchKey key) {
        for (WatchEvent<?> ignored : key.pollEvents()) {
            // The reload rereads everything; which file changed does not matter.
        }
        key.reset();
    }

    @Override
    public void close() throws IOException {
        watcher.close();
        thread.interrupt();
    }
}
