/**
 * The report's one script (items browser): filters, search, pagination, item details. It only
 * builds DOM nodes with textContent (untrusted text is never parsed as HTML) and is allowed by
 * its hash in the page's Content-Security-Policy. Data come from the page's JSON block (a report
 * file) or from the viewer's API (`slant view`, same origin).
 */
export const CLIENT_SCRIPT = String.raw`(function(){
"use strict";
var data=JSON.parse(document.getElementById('slant-data').textContent);
// the embedded list is compact (probe and labels once per cell): expanded once, here
if(data.rows){data.items=data.rows.map(function(r){var c=data.cells[r[0]];return {probe:c.probe,labels:c.labels,recordId:r[1],tags:r[2],scores:r[3]};});data.rows=null;}
var $=function(id){return document.getElementById(id);};
var el=function(tag,text,cls){var e=document.createElement(tag);if(text!==undefined&&text!==null)e.textContent=String(text);if(cls)e.className=cls;return e;};
var state={probe:'',model:'',dataset:'',condition:'',tag:'',changed:false,q:'',offset:0};
var PAGE=50;
var txt=function(t){return t.text!==undefined?t.text:(data.pool||[])[t.ref]||'';};
function fromHash(){var h=location.hash;var i=h.indexOf('?');if(h.indexOf('#items')!==0)return false;var p=new URLSearchParams(i>=0?h.slice(i+1):'');
 state.probe=p.get('probe')||'';state.model=p.get('model')||'';state.dataset=p.get('dataset')||'';state.condition=p.get('condition')||'';state.tag=p.get('filter')||'';state.changed=false;state.q=p.get('q')||'';state.offset=0;return true;}
function qs(){var p=new URLSearchParams();['probe','model','dataset','condition','q'].forEach(function(k){if(state[k])p.set(k,state[k]);});var tags=[];if(state.tag)tags.push(state.tag);if(state.changed)tags.push('changed');if(tags.length)p.set('tags',tags.join(','));p.set('offset',String(state.offset));p.set('limit',String(PAGE));return p;}
function localList(){var all=data.items||[];var q=state.q.toLowerCase();var tags=[];if(state.tag)tags.push(state.tag);if(state.changed)tags.push('changed');var base=state.condition==='baseline';if(state.condition&&!base)tags.push('condition:'+state.condition);
 var r=all.filter(function(s){if(state.probe&&s.probe!==state.probe)return false;if(state.model&&s.labels.model!==state.model)return false;if(state.dataset&&s.labels.dataset!==state.dataset)return false;
  for(var i=0;i<tags.length;i++)if(s.tags.indexOf(tags[i])<0)return false;
  if(base&&s.tags.some(function(t){return t.indexOf('condition:')===0;}))return false;
  if(q){var det=(data.details||{})[key(s)];var hay=(s.recordId+' '+s.scores.map(function(x){return x[1];}).join(' ')+' '+(det?det.texts.map(txt).join(' ')+' '+(det.sections||[]).map(function(x){return x.title+' '+x.text;}).join(' '):'')).toLowerCase();if(hay.indexOf(q)<0)return false;}return true;});
 return Promise.resolve({total:r.length,offset:state.offset,items:r.slice(state.offset,state.offset+PAGE)});}
function key(s){return s.probe+'\u0000'+s.labels.model+'\u0000'+s.labels.dataset+'\u0000'+(s.labels.condition||'')+'\u0000'+s.recordId;}
function list(){if(data.mode==='api')return fetch(data.api+'/items?'+qs().toString()).then(function(r){return r.json();});return localList();}
function detail(s){if(data.mode==='api'){var p=new URLSearchParams({probe:s.probe,model:s.labels.model||'',dataset:s.labels.dataset||'',condition:s.labels.condition||'',id:s.recordId});return fetch(data.api+'/item?'+p.toString()).then(function(r){return r.ok?r.json():null;});}
 return Promise.resolve((data.details||{})[key(s)]||null);}
function syncControls(){['probe','model','dataset','condition','tag'].forEach(function(k){var c=$('f-'+k);if(c)c.value=state[k];});$('f-changed').checked=state.changed;$('f-q').value=state.q;}
function render(){syncControls();var body=$('items-body');var info=$('items-info');info.textContent='loading…';
 list().then(function(page){body.textContent='';info.textContent=page.total+' item(s)'+(page.total?' — showing '+(page.offset+1)+'–'+(page.offset+page.items.length):'');
  page.items.forEach(function(s){var tr=el('tr');tr.className='item-row';tr.tabIndex=0;
   tr.appendChild(el('td',s.probe));tr.appendChild(el('td',s.labels.model||''));tr.appendChild(el('td',s.labels.dataset||''));tr.appendChild(el('td',s.labels.condition||''));tr.appendChild(el('td',s.recordId));
   tr.appendChild(el('td',s.scores.map(function(x){return x[0]+': '+x[1];}).join(' · ')));tr.appendChild(el('td',s.tags.join(' ')));
   tr.addEventListener('click',function(){showDetail(s);});body.appendChild(tr);});
  $('prev').disabled=page.offset<=0;$('next').disabled=page.offset+page.items.length>=page.total;});}
function textBlock(t,idx,mapping){var text=txt(t);var box=el('div',null,'text');box.appendChild(el('h4',t.title));var p=el('p');
 var sents=t.sentences||[];var parts=t.parts||[];var third=function(pos){for(var i=0;i<parts.length;i++)if(pos>=parts[i][0]&&pos<parts[i][1])return parts[i][2];return '';};
 if(!sents.length){p.textContent=text;box.appendChild(p);return box;}
 var at=0;sents.forEach(function(se,i){if(se[0]>at)p.appendChild(document.createTextNode(text.slice(at,se[0])));var sp=el('span',text.slice(se[0],se[1]),'sent '+(third(se[0])?'third-'+third(se[0]):''));sp.id='t'+idx+'-s'+i;
  if(parts.length)sp.title=third(se[0])+' third';p.appendChild(sp);
  if(mapping&&idx===1){var m=mapping.filter(function(x){return x.sentence===i;})[0];if(m){m.targets.forEach(function(j){var b=el('button','→ source sentence '+(j+1),'map');b.type='button';b.addEventListener('click',function(){var tgt=document.getElementById('t0-s'+j);document.querySelectorAll('.hl').forEach(function(x){x.classList.remove('hl');});if(tgt){tgt.classList.add('hl');tgt.scrollIntoView({block:'center'});}});p.appendChild(b);});}}
  at=se[1];});if(at<text.length)p.appendChild(document.createTextNode(text.slice(at)));box.appendChild(p);return box;}
function showDetail(s){var d=$('item-detail');d.textContent='';d.appendChild(el('h3',s.probe+' · '+(s.labels.model||'')+' · '+(s.labels.dataset||'')+(s.labels.condition?' · '+s.labels.condition:'')+' · record '+s.recordId));
 var sc=el('p');s.scores.forEach(function(x){sc.appendChild(el('span',x[0]+': '+x[1],'score'));});d.appendChild(sc);
 detail(s).then(function(det){if(!det){d.appendChild(el('p','The texts of this item are not in this file; open the run with slant view to see them.','muted'));return;}
  var row=el('div',null,'side');(det.texts||[]).forEach(function(t,i){row.appendChild(textBlock(t,i,det.mapping));});d.appendChild(row);
  if((det.texts||[]).some(function(t){return t.parts;}))d.appendChild(el('p','Background: the beginning, middle and end thirds of the source (as primacy cuts it). Buttons after each output sentence jump to the source sentence it maps to (TF-IDF cosine).','muted'));
  (det.sections||[]).forEach(function(x){var sec=el('details');sec.open=true;sec.appendChild(el('summary',x.title));sec.appendChild(el('pre',x.text));d.appendChild(sec);});
  d.scrollIntoView({block:'start'});});}
function fill(id,values){var s=$(id);values.forEach(function(v){var o=el('option',v);o.value=v;s.appendChild(o);});}
fill('f-probe',data.facets.probes);fill('f-model',data.facets.models);fill('f-dataset',data.facets.datasets);fill('f-condition',data.facets.conditions);fill('f-tag',data.facets.tags);
['probe','model','dataset','condition','tag'].forEach(function(k){$('f-'+k).addEventListener('change',function(e){state[k]=e.target.value;state.offset=0;render();});});
$('f-changed').addEventListener('change',function(e){state.changed=e.target.checked;state.offset=0;render();});
var timer;$('f-q').addEventListener('input',function(e){clearTimeout(timer);timer=setTimeout(function(){state.q=e.target.value;state.offset=0;render();},200);});
$('prev').addEventListener('click',function(){state.offset=Math.max(0,state.offset-PAGE);render();});$('next').addEventListener('click',function(){state.offset+=PAGE;render();});
// a link to a section folded in <details> (a probe's detail) opens it
function openTo(){var id=location.hash.slice(1);if(!id||id.indexOf('items')===0)return;var t=document.getElementById(id);while(t){if(t.tagName==='DETAILS')t.open=true;t=t.parentElement;}}
window.addEventListener('hashchange',function(){openTo();if(fromHash()){render();var it=$('items');if(it)it.scrollIntoView();}});openTo();
fromHash();render();
})();`;
