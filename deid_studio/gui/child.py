"""Running a long service call in a child process, so that nothing it does can hold the GUI
process's GIL.

Tagging hundreds of narratives in a worker thread stalls the event loop for 100 ms and more
now and then (the CRF and the rules hold the GIL in long native calls); in a child process the
window keeps its 60 frames a second. The child opens the project itself, calls
``module:function(project, progress=..., cancelled=..., **kwargs)``, and sends its progress
and its result (as a plain dict) back through a queue. Cancellation is polled by the service
between its steps; a child that does not stop in time is terminated.
"""

from __future__ import annotations

import dataclasses
import importlib
import multiprocessing
import os
import queue as queue_module
import signal
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from deid_studio.core.errors import DeidError, describe_bug
from deid_studio.core.progress import Cancelled, Progress, WorkCancelled
from deid_studio.services.children import announce, bind_to_parent
from deid_studio.services.children import stop as stop_child
from deid_studio.services.privacy import log_failure

POLL_SECONDS = 0.05
GRACE_SECONDS = 15.0  # a cancelled child finishes its current step, then stops


def call_in_child(
    target: str,
    location: str,
    kwargs: Mapping[str, Any],
    *,
    progress: Progress,
    cancelled: Cancelled,
) -> SimpleNamespace:
    """Call the service ``target`` ("package.module:function") on the project at
    ``location`` in a spawned process; its result's fields as a namespace."""
    context = multiprocessing.get_context("spawn")
    messages = context.Queue()
    stop = context.Event()
    child = context.Process(
        target=_child,
        args=(target, location, dict(kwargs), messages, stop, os.getpid()),
        daemon=True,
    )
    announce()  # the child dies with the window's process, even after kill -9
    child.start()
    stopping_since: float | None = None
    try:
        while True:
            if cancelled() and stopping_since is None:
                stop.set()
                stopping_since = 0.0
            try:
                kind, payload = messages.get(timeout=POLL_SECONDS)
            except queue_module.Empty:
                if not child.is_alive():
                    raise DeidError(
                        f"the background process ended unexpectedly (exit code {child.exitcode})"
                    ) from None
                if stopping_since is not None:
                    stopping_since += POLL_SECONDS
                    if stopping_since > GRACE_SECONDS:
                        raise WorkCancelled("stopped") from None
                continue
            if kind == "progress":
                progress(*payload)
            elif kind == "done":
                return SimpleNamespace(**payload)
            elif kind == "cancelled":
                raise WorkCancelled(payload)
            else:
                raise DeidError(payload)
    finally:
        stop_child(child)


def _child(
    target: str, location: str, kwargs: dict[str, Any], messages: Any, stop: Any, parent: int
) -> None:
    """The child process: open the project, run the service, send back what it returned."""
    bind_to_parent(parent, new_group=True)  # never outlive the window
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C belongs to the window's process
    try:
        from deid_studio.store.project import Project

        module_name, _, function_name = target.partition(":")
        function = getattr(importlib.import_module(module_name), function_name)
        with Project.open(location) as project:
            result = function(
                project,
                progress=lambda done, total: messages.put(("progress", (done, total))),
                cancelled=stop.is_set,
                **kwargs,
            )
        is_record = dataclasses.is_dataclass(result) and not isinstance(result, type)
        fields = dataclasses.asdict(result) if is_record else {}  # type: ignore[arg-type]
        messages.put(("done", fields))
    except WorkCancelled as err:
        messages.put(("cancelled", str(err)))
    except DeidError as err:
        messages.put(("error", str(err)))
    except SystemExit:
        raise  # terminated: nothing to report
    except BaseException as err:  # a bug: one line without its message, the trace in the log
        try:
            where = f"details in {log_failure(err, 'background process')}"
        except OSError:
            where = "the error log could not be written"
        messages.put(("error", f"internal error: {describe_bug(err)} ({where})"))
