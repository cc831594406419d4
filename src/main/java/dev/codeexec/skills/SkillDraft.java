package dev.codeexec.skills;

import java.util.List;
import java.util.Map;

/**
 * A skill as a caller wants to save it, before validation.
 *
 * @param tags       optional labels for filtering; normalized to lower case
 * @param parameters optional JSON object describing how to call the skill, e.g. {"path": "CSV file in the workspace"}
 * @param savedBy    the saver: a caller id (stored as its {@link SaverLabel}), or "starter"
 */
public record SkillDraft(String name, String description, String code, List<String> tags,
        Map<String, Object> parameters, String savedBy) {

    public static final int MAX_NAME = 64;
    public static final int MAX_DESCRIPTION = 1000;
    public static final int MAX_CODE_BYTES = 256 * 1024;
    public static final int MAX_TAGS = 16;
    public static final int MAX_TAG = 32;
}
