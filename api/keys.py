"""API keys: a YAML file maps each key (or its sha256) to a principal and roles. The only source
of a requester's roles for the HTTP API and the MCP server."""
from __future__ import annotations

import hashlib
from typing import Optional

import yaml
from pydantic import Field, ValidationError

from catalog.errors import UsageError, field_path
from catalog.records import Frozen


class ApiKey(Frozen):
    key: Optional[str] = None
    key_sha256: Optional[str] = None
    principal: str
    roles: list[str] = Field(default_factory=list)


class KeysFile(Frozen):
    keys: list[ApiKey]


class Caller(Frozen):
    principal: str
    roles: list[str]


def load_keys(path: str) -> dict[str, Caller]:
    """sha256(key) -> caller. Plain keys are hashed at load so lookups compare digests only."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = KeysFile.model_validate(yaml.safe_load(handle) or {})
    except OSError as exc:
        raise UsageError(f"cannot read the API keys file {path}: {exc.strerror}") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        raise UsageError(f"{path}, field '{field_path(err)}': {err['msg']}") from None
    out = {}
    for entry in data.keys:
        digest = entry.key_sha256 or (hashlib.sha256(entry.key.encode()).hexdigest() if entry.key else None)
        if not digest:
            raise UsageError(f"{path}: the key of principal '{entry.principal}' has neither 'key' nor 'key_sha256'")
        out[digest.lower()] = Caller(principal=entry.principal, roles=sorted(set(entry.roles)))
    return out


def caller_of(keys: dict[str, Caller], key: str) -> Optional[Caller]:
    """The caller a presented key stands for (None: unknown), compared by digest."""
    return keys.get(hashlib.sha256(key.strip().encode()).hexdigest()) if key.strip() else None
