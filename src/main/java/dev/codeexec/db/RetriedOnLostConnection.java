package dev.codeexec.db;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A call that runs again, once, in a transaction of its own when the database connection under it was lost: when
 * the server holding a shared H2 file exits, or PostgreSQL restarts. Only for calls whose work is undone with the
 * lost transaction, so running them again cannot do it twice.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RetriedOnLostConnection {
}
