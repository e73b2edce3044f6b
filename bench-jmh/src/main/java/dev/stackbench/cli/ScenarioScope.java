package dev.stackbench.cli;

import dev.stackbench.core.load.LoadOption;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On one of load's own options (not a {@link LoadOption}, which declares its scope itself): what
 * {@code load --scenario} does with it, so that the refusals, the overrides and the help of
 * {@code --scenario} all follow from the option's declaration ({@link LoadOptionSpecs}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface ScenarioScope {
    LoadOption.Scope value();
}
