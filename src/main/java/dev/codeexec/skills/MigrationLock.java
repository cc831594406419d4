package dev.codeexec.skills;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;

/**
 * Lets one server at a time apply migrations to a database file several servers share. Flyway
 * serializes migrations on H2 with {@code SELECT ... FOR UPDATE} on its history table, which locks
 * nothing while that table is empty and is released by the commit each DDL statement implies: two
 * servers starting together on a new data directory could both run V1, and one would fail to start.
 * This holds an OS file lock from before Flyway reads the applied migrations until it is done; the
 * second server then finds them applied. The OS releases the lock if the process dies.
 */
final class MigrationLock implements Callback {

    private static final Logger LOG = Logger.getLogger(MigrationLock.class.getName());

    private final Path file;
    private FileChannel channel;
    private FileLock lock;

    MigrationLock(Path file) {
        this.file = file;
    }

    @Override
    public boolean supports(Event event, Context context) {
        return event == Event.BEFORE_MIGRATE || event == Event.AFTER_MIGRATE || event == Event.AFTER_MIGRATE_ERROR;
    }

    @Override
    public boolean canHandleInTransaction(Event event, Context context) {
        return true;
    }

    @Override
    public void handle(Event event, Context context) {
        if (event == Event.BEFORE_MIGRATE) {
            acquire();
        } else {
            release();
        }
    }

    @Override
    public String getCallbackName() {
        return "codeexec-migration-lock";
    }

    private void acquire() {
        release();
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = channel.tryLock();
            if (lock == null) {
                LOG.log(Level.INFO, "waiting for another server to finish migrating the skills database ({0})",
                        file.toAbsolutePath().normalize());
                lock = channel.lock();
            }
        } catch (IOException e) {
            release();
            throw new UncheckedIOException("cannot lock " + file.toAbsolutePath().normalize()
                    + " for the schema migration", e);
        }
    }

    private void release() {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing the migration lock failed", e);
        } finally {
            channel = null;
            lock = null;
        }
    }
}
