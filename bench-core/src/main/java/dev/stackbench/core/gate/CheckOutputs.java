package dev.stackbench.core.gate;

import java.util.List;
import java.util.Locale;

/**
 * What CI systems show of a check ({@link ComparisonGate} with {@link ComparisonGate.Decision#REQUIRED}): a markdown
 * summary, for GitHub's job summary or a pull-request comment, and a JUnit XML report, one test case per limit and
 * metric, for a CI's test tab. A case not decided is an {@code <error>}, never a pass: a check that could not tell is
 * not green.
 */
public final class CheckOutputs {

    private CheckOutputs() {}

    /** The verdict first, then a row per limit and metric, the machine, and what made the comparison untrustworthy. */
    public static String markdown(String title, ComparisonGate.Report report) {
        return markdown(title, report, java.util.List.of(), null);
    }

    /**
     * As {@link #markdown(String, ComparisonGate.Report)}, with where the time went: the profiles' largest differences in
     * words, and the report page that draws them; none when not profiled.
     *
     * @param page the report page's path, null for none
     */
    public static String markdown(
            String title, ComparisonGate.Report report, java.util.List<String> whereTheTimeWent, String page) {
        var text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT, "### %s: %s%n%n", title, report.outcome().words()));
        text.append("| target | against | metric | ratio [interval] | limit | verdict |\n");
        text.append("|---|---|---|---|---|---|\n");
        for (ComparisonGate.Check check : report.checks()) {
            text.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %.3f [%.3f, %.3f] | %s %.3f | %s |%n",
                    check.limit().target(),
                    check.limit().against(),
                    check.metric().title(),
                    check.ratio(),
                    check.low(),
                    check.high(),
                    check.metric().higherIsBetter() ? "≥" : "≤",
                    check.bound(),
                    check.verdict()));
        }
        text.append(String.format(Locale.ROOT, "%nMachine: %s%n", report.machine()));
        report.problems().forEach(problem -> text.append(String.format(Locale.ROOT, "%n**FAIL**: %s%n", problem)));
        report.doubts().forEach(doubt -> text.append(String.format(Locale.ROOT, "%n**NOT DECIDED**: %s%n", doubt)));
        if (!whereTheTimeWent.isEmpty()) {
            text.append(
                    String.format(Locale.ROOT, "%n**Where the time went** (profiles of the measured windows):%n%n"));
            whereTheTimeWent.forEach(line -> text.append("- ").append(line).append('\n'));
        }
        if (page != null) {
            text.append(String.format(Locale.ROOT, "%nReport, with the differential flame graphs: `%s`%n", page));
        }
        if (report.outcome() == ComparisonGate.Outcome.NOT_DECIDED && report.anyStraddles()) {
            text.append(String.format(
                    Locale.ROOT,
                    "%n**NOT DECIDED**: the intervals straddle the limit; measure longer (more rounds, more JVMs per"
                            + " variant) or accept a larger limit.%n"));
        }
        return text.toString();
    }

    /**
     * A JUnit XML report: a test case per limit and metric; failed checks are failures, undecided ones errors; a
     * comparison that failed is one failure more, and one whose A/A control doubts its verdicts one error more.
     */
    public static String junitXml(String suite, ComparisonGate.Report report) {
        long failures = report.checks().stream()
                        .filter(check -> check.verdict().fails())
                        .count()
                + (report.problems().isEmpty() ? 0 : 1);
        long errors = report.checks().stream()
                        .filter(check -> check.verdict() == Verdict.NOT_DECIDED)
                        .count()
                + (report.doubts().isEmpty() ? 0 : 1);
        var xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append(String.format(
                Locale.ROOT,
                "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\">%n",
                escape(suite),
                report.checks().size()
                        + (report.problems().isEmpty() ? 0 : 1)
                        + (report.doubts().isEmpty() ? 0 : 1),
                failures,
                errors));
        for (ComparisonGate.Check check : report.checks()) {
            String name =
                    check.limit().target() + " not worse than " + check.limit().against() + " by more than "
                            + dev.stackbench.core.vocabulary.Percent.format(
                                    check.limit().worseBy()) + ": "
                            + check.metric().id();
            String detail = String.format(
                    Locale.ROOT,
                    "%s: %.3f [%.3f, %.3f], limit %s %.3f",
                    check.metric().title(),
                    check.ratio(),
                    check.low(),
                    check.high(),
                    check.metric().higherIsBetter() ? ">=" : "<=",
                    check.bound());
            xml.append(String.format(
                    Locale.ROOT, "  <testcase classname=\"%s\" name=\"%s\"", escape(suite), escape(name)));
            if (check.verdict().fails()) {
                xml.append(String.format(
                        Locale.ROOT,
                        ">%n    <failure type=\"worse\" message=\"%s\"/>%n  </testcase>%n",
                        escape(detail)));
            } else if (check.verdict() == Verdict.NOT_DECIDED) {
                xml.append(String.format(
                        Locale.ROOT,
                        ">%n    <error type=\"not decided\" message=\"%s\"/>%n  </testcase>%n",
                        escape("not decided: " + detail)));
            } else {
                xml.append("/>\n");
            }
        }
        wholeComparisonCase(xml, suite, "the comparison can be trusted", "failure", "untrusted", report.problems());
        wholeComparisonCase(xml, suite, "nothing puts its verdicts in doubt", "error", "not decided", report.doubts());
        return xml.append("</testsuite>\n").toString();
    }

    /** A test case of the comparison as a whole, failed ({@code failure}) or in error by {@code reasons}; none without. */
    private static void wholeComparisonCase(
            StringBuilder xml, String suite, String name, String element, String type, List<String> reasons) {
        if (reasons.isEmpty()) {
            return;
        }
        xml.append(String.format(
                Locale.ROOT,
                "  <testcase classname=\"%s\" name=\"%s\">%n    <%s type=\"%s\" message=\"%s\"/>%n  </testcase>%n",
                escape(suite),
                name,
                element,
                type,
                escape(String.join("; ", reasons))));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
