import pytest

from tests.agent.openai_stub import OpenAIStub


@pytest.fixture(scope="session")
def openai_stub():
    with OpenAIStub() as stub:
        yield stub


@pytest.fixture
def stub(openai_stub):
    openai_stub.reset()
    yield openai_stub
    openai_stub.reset()
