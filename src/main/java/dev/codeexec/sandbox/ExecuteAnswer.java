package dev.codeexec.sandbox;

/**
 * What execute_code answers: the final {@link ExecutionResult}, or, for a run that goes on in the background,
 * an {@link ExecutionView} with its execution id and the output so far.
 */
public sealed interface ExecuteAnswer permits ExecutionResult, ExecutionView {
}
