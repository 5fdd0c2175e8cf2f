#!/usr/bin/env python3
"""Validate SARIF files against a local copy of the SARIF 2.1.0 JSON schema.

Usage: python3 Scripts/validate_sarif.py SCHEMA.json FILE.sarif [FILE2.sarif ...]

Prints "ok: FILE" for each valid file, or every schema error as "FILE: PATH: MESSAGE".
Exit status: 0 when every file is valid, 1 when any is not, 2 when the jsonschema package is
missing or a file cannot be read or parsed. Nothing is fetched from the network: the schema's
references are all internal (#/definitions/...), and any other reference is refused.
"""

import json
import sys


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def load_json(path, what):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        fail(f"cannot read {what} {path}: {error.strerror or error}")
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        fail(f"{what} {path} is not valid JSON: {error}")


def error_path(error):
    parts = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path)
    return "$" + parts


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        import jsonschema
        from jsonschema import validators
    except ImportError:
        fail("the Python package 'jsonschema' is not installed (pip install jsonschema)")

    schema = load_json(argv[1], "schema")
    # The validator class follows the schema's own "$schema" (draft-04 for the official SARIF
    # 2.1.0 schema); draft 7 when the schema does not say.
    validator_class = validators.validator_for(schema, default=jsonschema.Draft7Validator)
    try:
        validator_class.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        fail(f"{argv[1]} is not a valid JSON schema: {error.message}")

    def refuse_remote(uri):
        raise LookupError(f"refusing to fetch external reference {uri}")

    kwargs = {"format_checker": getattr(validator_class, "FORMAT_CHECKER", None)}
    try:
        from referencing import Registry

        kwargs["registry"] = Registry(retrieve=refuse_remote)
    except ImportError:  # jsonschema < 4.18
        kwargs["resolver"] = jsonschema.RefResolver.from_schema(schema, handlers={
            "http": refuse_remote, "https": refuse_remote})
    validator = validator_class(schema, **kwargs)

    documents = [(path, load_json(path, "file")) for path in argv[2:]]
    status = 0
    for path, document in documents:
        try:
            errors = list(validator.iter_errors(document))
        except Exception as error:  # an unresolvable (refused remote) reference in the schema
            fail(f"cannot validate {path}: {error}")
        if not errors:
            print(f"ok: {path}")
            continue
        status = 1
        for error in errors:
            print(f"{path}: {error_path(error)}: {error.message}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
