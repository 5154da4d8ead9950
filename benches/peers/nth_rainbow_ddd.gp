\\ Peer for `hanoilab nth rainbow.DDD N`: x^(N-1) mod the minimal polynomial of Lunnon's
\\ rainbow matrix (from `hanoilab charpoly rainbow`), applied to s(1..12) = DDD(1..12).
\\ Run: echo 'N=1000001; read("benches/peers/nth_rainbow_ddd.gp")' | gp -q -f -s 1G
P = x^12 - x^11 - 2*x^10 - 7*x^9 + 5*x^8 + 8*x^7 + 14*x^6 - 2*x^5 - 4*x^4 - 4*x^3 - 8*x^2;
s = [1,3,7,19,43,99,235,535,1239,2879,6619,15323];
A = lift(Mod(x, P)^(N-1));
print(sum(k = 0, 11, polcoeff(A, k) * s[k+1]));
quit;
