package dev.codeexec.sandbox;

/** Spare interpreters: runs that took one ready instead of building their own, and spares built, since start. */
public record Spares(long taken, long built) {

    public static final Spares NONE = new Spares(0, 0);

    public Spares plus(Spares other) {
        return new Spares(taken + other.taken, built + other.built);
    }
}
