"""mkdocs hook: the command reference is generated from the typer app at build time.

A page that contains the line ``<!-- pigsolve-cli -->`` gets it replaced by one section per
command of :data:`pigsolve.cli.app` (walked through click, as typer builds it): the help text,
the usage line, and a table of every argument and option with its type and default. Nothing is
copied by hand, so a new option or a changed help text shows up in the next build.
"""

from __future__ import annotations

import inspect

import click

MARKER = "<!-- pigsolve-cli -->"


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Replace the marker with the generated reference (mkdocs calls this for every page)."""
    if MARKER not in markdown:
        return markdown
    import typer.main

    from pigsolve.cli import app

    root = typer.main.get_command(app)
    return markdown.replace(MARKER, "\n".join(render(root, "pigsolve", level=2)))


def render(command: click.Command, path: str, level: int) -> list[str]:
    """Return the Markdown lines for ``command`` (called ``path``) and its subcommands."""
    context = click.Context(command, info_name=path)
    lines = [f"{'#' * level} `{path}`", ""]
    if command.help:
        lines += [inspect.cleandoc(command.help), ""]
    lines += ["```text", f"{path} {' '.join(command.collect_usage_pieces(context))}", "```", ""]
    rows = [row for param in command.get_params(context) if (row := parameter_row(param, context))]
    if rows:
        lines += ["| argument or option | type | default | meaning |", "|---|---|---|---|", *rows, ""]
    if isinstance(command, click.Group):
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            if sub is not None and not sub.hidden:
                lines += render(sub, f"{path} {name}", level + 1 if level < 2 else level)
    return lines


def parameter_row(param: click.Parameter, context: click.Context) -> str | None:
    """Return one table row for ``param``, or None for a hidden one."""
    if getattr(param, "hidden", False):
        return None
    if isinstance(param, click.Argument):
        names = param.human_readable_name
        help_text = getattr(param, "help", None) or ""
    else:
        record = param.get_help_record(context)
        if record is None:
            return None
        names = " / ".join(param.opts + param.secondary_opts)
        help_text = getattr(param, "help", None) or ""
    kind = param.type.get_metavar(param, context) if _takes_context(param.type) else None
    kind = kind or (param.type.name.upper() if not getattr(param, "is_flag", False) else "flag")
    default = _default(param, context)
    return f"| `{names}` | {escape(kind)} | {escape(default)} | {escape(help_text)} |"


def _takes_context(kind: click.ParamType) -> bool:
    """Whether ``get_metavar`` takes the context too (click 8.2 added it)."""
    return "ctx" in inspect.signature(kind.get_metavar).parameters


def _default(param: click.Parameter, context: click.Context) -> str:
    """Return the parameter's default as shown in the help, or an empty string."""
    if param.required:
        return "required"
    value = param.get_default(context, call=False)
    if value is None or value == () or callable(value):
        return ""
    if getattr(param, "is_flag", False):
        return "on" if value else ""
    return f"`{value}`"


def escape(text: str) -> str:
    """Make ``text`` safe inside a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")
