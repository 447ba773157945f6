"""The `llm:` section of canon.yaml, apart from the model code (agent/llm.py), which loads only
when a model is configured."""
from __future__ import annotations

import os
from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, SecretStr

_NO_KEY = "canon-no-key"  # local OpenAI-compatible servers often need none; never the ambient OPENAI_API_KEY


class LlmConfig(BaseModel):
    """The `llm:` section of canon.yaml."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool = False
    base_url: Optional[str] = None  # e.g. http://127.0.0.1:8000/v1
    api_key: Optional[SecretStr] = None  # prefer api_key_env: a key in canon.yaml is a key in a file
    api_key_env: Optional[str] = None  # name of an environment variable holding the key
    model: str = ""
    timeout_s: float = Field(10.0, gt=0)
    max_retries: int = Field(0, ge=0, le=5)
    temperature: float = Field(0.0, ge=0, le=2)
    wording: bool = True  # word answers (when enabled)
    routing: bool = True  # alternative router (when enabled)

    @property
    def active(self) -> bool:
        return bool(self.enabled and self.base_url and self.model)

    def key(self) -> str:
        if self.api_key is not None and self.api_key.get_secret_value():
            return self.api_key.get_secret_value()
        if self.api_key_env and os.environ.get(self.api_key_env):
            return os.environ[self.api_key_env]
        return _NO_KEY
