"""canon's exception tree.

    CanonError
    ├── InputError                 bad input from a user or a file
    │   ├── FileFormatError        a file that cannot be parsed at all (malformed YAML/JSON)
    │   ├── RecordError            one record breaks the contract (names file, record, field)
    │   └── ArtifactError          a dbt/OpenLineage artifact canon cannot read
    ├── UsageError                 a command or request used wrongly (bad date, unknown role syntax)
    ├── NotFoundError              an id that is not in the catalog
    └── CatalogError               the catalog store itself failed (connection, schema)

Abstention, denial and conflicts are results, never exceptions.
"""
from __future__ import annotations


class CanonError(Exception):
    """Root of every error canon raises on purpose."""


class InputError(CanonError):
    pass


class FileFormatError(InputError):
    def __init__(self, path: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: cannot be read as records: {reason}")


class RecordError(InputError):
    """One record failed validation; `field` is the dotted path of the offending field."""

    def __init__(self, path: str, record: str, field: str, reason: str):
        self.path = path
        self.record = record
        self.field = field
        self.reason = reason
        super().__init__(f"{path}, record {record}, field '{field}': {reason}")


class ArtifactError(InputError):
    def __init__(self, path: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class UsageError(CanonError):
    pass


class NotFoundError(CanonError):
    pass


class CatalogError(CanonError):
    pass


def field_path(error: dict, whole: str = "") -> str:
    """Where a pydantic error is ("keys.0.roles"), or `whole` when it is about the value itself."""
    return ".".join(str(x) for x in error["loc"]) or whole
