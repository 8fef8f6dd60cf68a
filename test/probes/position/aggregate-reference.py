# Reference for test/probes/position/aggregate-reference.test.ts: scipy's wasserstein_distance and
# numpy's percentiles over the resample indices slant's seeded generator (mulberry32) draws.
import os, sys
import numpy as np
from scipy.stats import wasserstein_distance, spearmanr
K=4; B=200; SEED=7
# slant's seeded generator, shared with the other reference scripts
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'helpers'))
from mulberry32 import mulberry32
centres = (np.arange(K)+0.5)/K
def posW(g, m): return wasserstein_distance(centres, centres, g, m)
def relW(g, m): return wasserstein_distance(np.array(g)/sum(g), np.array(m)/sum(m))
def meanpos(p): return np.average(centres, weights=p)
arts = {
 'a': dict(refs=[[2,1,0,0],[1,1,0,0]], out={'lead':[2,1,0,0],'tail':[0,0,1,2],'mid':[0,2,1,0]}),
 'b': dict(refs=[[1,0,1,0]], out={'lead':[1,0,1,0],'tail':[0,1,0,1],'mid':[0,1,1,0],'solo':[0,0,2,1]}),
 'c': dict(refs=[[0,1,1,1]], out={'lead':[1,1,0,0],'tail':[0,0,0,3],'mid':[0,0,0,0],'solo':[1,0,0,2]}),
}
systems=['lead','tail','mid','solo']
def gold(a): return np.mean(np.array(arts[a]['refs'],float),axis=0)
def boot_articles(ms, gs, dist):
    rng=mulberry32(SEED); n=len(ms); ws=[]; ss=[]
    for b in range(B):
        idx=[int(np.floor(rng()*n)) for _ in range(n)]
        m=np.sum([ms[i] for i in idx],axis=0); g=np.sum([gs[i] for i in idx],axis=0)
        if not (m.sum()>0 and g.sum()>0): continue
        ws.append(dist(g,m)); ss.append(meanpos(m)-meanpos(g))
    if len(ws) < 0.99*B: return None
    q=lambda xs:(np.percentile(xs,2.5),np.percentile(xs,97.5))
    return q(ws), q(ss), len(ws)
def boot_mean(xs):
    rng=mulberry32(SEED); n=len(xs); st=[]
    for b in range(B):
        st.append(np.mean([xs[int(np.floor(rng()*n))] for _ in range(n)]))
    return np.percentile(st,2.5), np.percentile(st,97.5)
for mode, dist in [('positional',posW),('released',relW)]:
  print('mode',mode)
  for s in systems:
    names=[a for a in arts if s in arts[a]['out']]
    ms=[np.array(arts[a]['out'][s],float) for a in names]; gs=[gold(a) for a in names]
    M=np.sum(ms,axis=0); G=np.sum(gs,axis=0)
    print(s,'W',repr(dist(G,M)),'shift',repr(meanpos(M)-meanpos(G)),'posW',repr(posW(G,M)),'relW',repr(relW(G,M)))
    print('  dist',list(M/M.sum()),'gold',list(G/G.sum()))
    r=boot_articles(ms,gs,dist); print('  boot W ci',r)
    both=[i for i in range(len(names)) if ms[i].sum()>0 and gs[i].sum()>0]
    pw=[dist(gs[i],ms[i]) for i in both]; ps=[meanpos(ms[i])-meanpos(gs[i]) for i in both]
    print('  per', [names[i] for i in both], pw, ps, 'mean', repr(np.mean(pw)), repr(np.mean(ps)))
    if len(both)>=2: print('  perW ci', boot_mean(pw), 'perShift ci', boot_mean(ps))
print('--- spearman across systems (positional W) ---')
import itertools
f1 = {'a':{'lead':.5,'tail':.3,'mid':.4},'b':{'lead':.6,'tail':.2,'mid':.45,'solo':.35},'c':{'lead':.4,'tail':.25,'mid':.3,'solo':.5},'d':{'lead':.7,'tail':.1,'mid':.2,'solo':.3}}
W = {s: posW(np.sum([gold(a) for a in arts if s in arts[a]['out']],axis=0), np.sum([np.array(arts[a]['out'][s],float) for a in arts if s in arts[a]['out']],axis=0)) for s in systems}
f2 = {'a':{'lead':.2,'tail':.3,'mid':.1},'b':{'lead':.25,'tail':.2,'mid':.15,'solo':.05},'c':{'lead':.2,'tail':.35,'mid':.1,'solo':.1},'d':{'lead':.3,'tail':.15,'mid':.05,'solo':.05}}
for name, tab, scale in [('rouge1',f1,1.0),('rouge2',f2,1.0),('rougeL',f1,0.9)]:
    R = {s: np.mean([tab[a][s]*scale for a in tab if s in tab[a]]) for s in systems}
    w=[W[s] for s in systems]; r=[R[s] for s in systems]
    rho=spearmanr(w,r).statistic; p=spearmanr(w,r).pvalue
    # exact two-sided permutation p: share of the 4! orders of r with |rho| >= |observed|
    perms=[spearmanr(w,list(pp)).statistic for pp in itertools.permutations(r)]
    pex=np.mean([abs(x)>=abs(rho)-1e-12 for x in perms])
    print(name,'R',R,'rho',repr(rho),'p',repr(p),'exact',repr(pex))
