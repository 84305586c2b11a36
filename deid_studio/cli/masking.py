"""Masking commands: ``policy`` shows or changes the project's masking policy; ``keep``
lists and changes the words never masked unless annotated."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from typing import Any, cast

from deid_studio.cli._shared import target
from deid_studio.core.errors import DeidError
from deid_studio.mask.policy import (
    ACTIONS,
    LINKED_REPORTS,
    PRESETS,
    YEARS_ALONE,
    Action,
    MaskingPolicy,
)
from deid_studio.services.masking import masking_policy, policy_actions, set_masking_policy
from deid_studio.services.project import open_project


def register(commands: Any) -> None:
    """Add ``policy`` and ``keep``."""
    policy = commands.add_parser(
        "policy",
        help="show or change the masking policy",
        description="Show the project's masking policy, or change it (audited). A preset "
        "gives each category an action by its kind; --set overrides one category.",
        epilog="Presets: tags (category tags, dates shifted, ages above the threshold capped), "
        "surrogates (realistic replacements, dates shifted), redact (one [PHI] token). "
        f"Actions: {', '.join(ACTIONS)}.",
    )
    policy.add_argument("--preset", choices=PRESETS, help="start from this preset")
    policy.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="CATEGORY=ACTION",
        help="what to do with one category (repeatable)",
    )
    policy.add_argument(
        "--clear", action="store_true", help="drop every per-category override first"
    )
    policy.add_argument(
        "--shift-days",
        metavar="MIN,MAX",
        help="interval of the per-case date offset in days, 0 never drawn (negative MIN: "
        "write --shift-days=-730,-30)",
    )
    policy.add_argument("--age-threshold", type=int, metavar="N", help="ages above N are capped")
    policy.add_argument(
        "--confidence", type=float, metavar="P", help="suggestions at or above P are masked"
    )
    policy.add_argument(
        "--neighbour-confidence",
        type=float,
        metavar="P",
        help="a name-like suggestion beside a masked span is masked from P on (default 0.2; "
        "the parts of a name or address are masked together whatever their confidence)",
    )
    policy.add_argument(
        "--keep-after",
        metavar="YYYY-MM-DD",
        help="a reference date no shifted date crosses (each case's interval is narrowed: no "
        "COVID-19 vaccination shifted into 2019); 'none' removes it",
    )
    policy.add_argument(
        "--years-alone",
        choices=YEARS_ALONE,
        help="a year alone moves with the case (shift, the default) or stays (keep)",
    )
    policy.add_argument(
        "--linked-reports",
        choices=LINKED_REPORTS,
        help="numbers of linked reports (VAERS 1772130, US-FDA-2021-312213) get a keyed "
        "pseudonym, the same across the project (pseudonymise, the default), or stay (keep)",
    )
    policy.add_argument("--json", action="store_true", help="print the policy as JSON")
    policy.set_defaults(run=_policy)
    _register_keep(commands)


def _register_keep(commands: Any) -> None:
    keep = commands.add_parser(
        "keep",
        help="words never masked unless annotated (the keep list)",
        description="The project's keep list: words a masked export leaves as written when "
        "only a suggestion marks them (a gold span is always masked, and so is a kept word "
        "that a case's gold marks as PHI). Changes are audited with who and why.",
    )
    verbs = keep.add_subparsers(title="actions", metavar="ACTION", dest="keep_action")
    add = verbs.add_parser("add", help="add terms", description="Add terms to the keep list.")
    add.add_argument("terms", nargs="+", metavar="TERM", help='a word or words ("Pfizer")')
    add.add_argument("--reason", default="", help="why (kept in the audit trail)")
    add.set_defaults(run=_keep_add)
    remove = verbs.add_parser(
        "remove", help="remove terms", description="Take terms off the keep list."
    )
    remove.add_argument("terms", nargs="+", metavar="TERM")
    remove.add_argument("--reason", default="", help="why (kept in the audit trail)")
    remove.set_defaults(run=_keep_remove)
    listed = verbs.add_parser("list", help="show the keep list", description="Show the list.")
    listed.set_defaults(run=_keep_list)
    keep.set_defaults(run=_keep_list)


def _keep_add(args: argparse.Namespace) -> int:
    from deid_studio.services.keep import add_to_keep_list

    with open_project(target(args)) as project:
        added = add_to_keep_list(project, args.terms, actor=args.user, reason=args.reason)
    known = len(args.terms) - len(added)
    print(_counted("added", len(added), "to", known, "already on it"))
    return 0


def _counted(done: str, n: int, where: str, other: int, what_other: str) -> str:
    """'added 2 terms to the keep list (1 already on it)'."""
    line = f"{done} {n} term{'s' if n != 1 else ''} {where} the keep list"
    return line + (f" ({other} {what_other})" if other else "")


def _keep_remove(args: argparse.Namespace) -> int:
    from deid_studio.core.errors import printable
    from deid_studio.mask.safe import fold_words
    from deid_studio.services.keep import remove_from_keep_list

    with open_project(target(args)) as project:
        removed = remove_from_keep_list(project, args.terms, actor=args.user, reason=args.reason)
    gone = {fold_words(t) for t in removed}
    missing = [t for t in args.terms if fold_words(t) not in gone]
    if not removed:
        raise DeidError(
            f"“{printable(missing[0], 60)}” is not on the keep list (`deid-studio keep list` "
            "shows it); nothing was removed"
        )
    print(_counted("removed", len(removed), "from", len(missing), "not on it"))
    return 0


def _keep_list(args: argparse.Namespace) -> int:
    from deid_studio.core.errors import printable
    from deid_studio.services.keep import keep_list

    with open_project(target(args)) as project:
        entries = keep_list(project)
    if not entries:
        print("the keep list is empty: add words with `deid-studio keep add WORD`")
        return 0
    for entry in entries:
        why = f" — {printable(entry.reason)}" if entry.reason else ""
        print(f"{printable(entry.term)}  (added by {printable(entry.added_by)}){why}")
    return 0


def _policy(args: argparse.Namespace) -> int:
    with open_project(target(args)) as project:
        current = masking_policy(project)
        changed = _changed(current, args)
        if changed != current:
            set_masking_policy(project, changed, actor=args.user)
        if args.json:
            print(json.dumps(changed.to_json(), sort_keys=True))
            return 0
        actions = policy_actions(project, changed)
    low, high = changed.shift_days
    print(f"preset          {changed.preset}")
    print(f"date shift      {low}..{high} days (one offset per case, never 0)")
    print(f"age threshold   {changed.age_threshold} (older ages become [AGE > N])")
    print(f"confidence      {changed.confidence} (suggestions at or above it are masked)")
    print(
        f"neighbours      {changed.neighbour_confidence} (a name-like suggestion beside a "
        "masked span is masked from it on)"
    )
    print(f"keep after      {changed.keep_after or 'no reference date'}")
    print(f"years alone     {changed.years_alone}")
    print(f"linked reports  {changed.linked_reports}")
    width = max((len(c) for c in actions), default=0)
    for category, action in actions.items():
        mark = "  (set)" if category in changed.actions else ""
        print(f"  {category:<{width}}  {action}{mark}")
    return 0


def _changed(policy: MaskingPolicy, args: argparse.Namespace) -> MaskingPolicy:
    if args.preset:
        policy = replace(policy, preset=args.preset)
    actions: dict[str, Action] = {} if args.clear else dict(policy.actions)
    for pair in args.set:
        category, sep, action = pair.partition("=")
        if not sep or not category or action not in ACTIONS:
            raise DeidError(f"--set {pair!r}: expected CATEGORY=ACTION, ACTION one of {ACTIONS}")
        actions[category] = cast(Action, action)
    options: dict[str, Any] = {"actions": actions}
    if args.shift_days is not None:
        low, sep, high = args.shift_days.partition(",")
        try:
            options["shift_days"] = (int(low), int(high))
        except ValueError:
            raise DeidError(f"--shift-days {args.shift_days!r}: expected MIN,MAX") from None
    if args.age_threshold is not None:
        options["age_threshold"] = args.age_threshold
    if args.confidence is not None:
        options["confidence"] = args.confidence
    if args.neighbour_confidence is not None:
        options["neighbour_confidence"] = args.neighbour_confidence
    if args.keep_after is not None:
        options["keep_after"] = None if args.keep_after.lower() == "none" else args.keep_after
    if args.years_alone is not None:
        options["years_alone"] = args.years_alone
    if args.linked_reports is not None:
        options["linked_reports"] = args.linked_reports
    return replace(policy, **options)
