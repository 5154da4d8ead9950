\\ Peer for `hanoilab matrix FILE --no-analysis`: characteristic polynomial, its factorisation
\\ over Q and its complex roots (polroots at the default 38 digits) of the matrix M read
\\ from a file written by gen_matrix.py.
\\ Run: echo 'read("/tmp/m30.gp"); read("benches/peers/matrix_peer.gp")' | gp -q -f -s 1G
P = charpoly(M);
F = factor(P);
R = polroots(P);
print("degree ", poldegree(P), ", factors ", #F~, ", roots ", #R);
quit;
