"""The path of torch.nn.modules.rnn: the recurrent layers and cells (defined in
nn/recurrent.py)."""

from ..recurrent import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase

__all__ = ["RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell"]
