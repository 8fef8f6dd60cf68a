import type { DemoDocument } from '../types.js';

export const INTERVIEWS_16_20: readonly DemoDocument[] = [
  {
    id: 'interview-16-hospital-merger',
    kind: 'interview',
    title: 'One year after St. Brendan\'s joined a regional health system',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `HOST: A year ago this month, St. Brendan's Community Hospital in Oakridge, a 96-bed hospital that had served the town for more than a century, was acquired by Meridian Health Partners, a regional system with fourteen hospitals. At the time, the deal was described as a rescue. We wanted to know how it has turned out. Dr. Colin Mbeki was chief of medicine at St. Brendan's until last month, and Joan Ferris chairs the hospital's community advisory council. Welcome to you both.

DR. MBEKI: Thank you.

JOAN FERRIS: Thank you for having us.

HOST: Dr. Mbeki, take us back to the time of the merger. Why did St. Brendan's need a partner?

DR. MBEKI: Put simply, we were running out of money. We had lost money four years in a row, about $7 million in the last of those, and we had about 40 days of cash on hand. Our operating rooms were using equipment that was fifteen years old, our electronic health record system was no longer supported by the vendor, and we were having trouble recruiting specialists. Without a partner, I believe we would have closed within two years.

HOST: And in the early months, the merger seemed to deliver.

DR. MBEKI: It did, and I want to be fair about that. Meridian paid off our debt. Within six months they had installed a new CT scanner and MRI, which meant patients no longer had to drive an hour to the city for scans. We moved onto Meridian's health record system, which was painful for a few weeks but means our records now connect with the specialists in the city. We got access to a telemedicine stroke program, so a neurologist can now see a stroke patient in our emergency room by video within minutes. In the first year, I know of at least a dozen patients who received clot-busting treatment faster because of that program. Those are real lives.

HOST: Joan, how did the community feel in those first months?

JOAN FERRIS: Relieved, mostly. There had been a lot of fear in town that we would lose the hospital altogether. Meridian held two town halls before the deal closed, and they made specific commitments: that St. Brendan's would keep its emergency department and its maternity unit for at least five years, that it would keep its name, and that there would be no layoffs of clinical staff. People were reassured by that. I was reassured by that.

HOST: So what changed?

JOAN FERRIS: In March, Meridian announced that it would "consolidate" labor and delivery services at its hospital in Granville, which is 52 miles away. The maternity unit at St. Brendan's closed on June 30. That was one of the commitments made at the town halls.

HOST: How did Meridian explain that?

JOAN FERRIS: They said the unit delivered too few babies, about 280 a year, to maintain the staffing and quality standards they require, and that they could not recruit enough obstetric nurses. They pointed out that the commitment in the purchase agreement allowed them to change services "for reasons of patient safety or workforce availability." Technically, they may be right. But nobody at those town halls was told about that clause.

HOST: Dr. Mbeki, what has the closure meant in practice?

DR. MBEKI: It means that a woman in labor in Oakridge now has to drive close to an hour to deliver, longer in winter. For women in the outlying areas of our county, it can be an hour and a half. Our emergency department still has to handle the babies who arrive too quickly to make the trip, and in the four months since the unit closed, we have had nine unplanned deliveries in the emergency room, without an obstetrician on site. Two of those involved serious complications. Both mothers and babies survived, thanks to an extraordinary effort by our emergency staff. But I do not want to rely on luck.

HOST: There have been other changes as well.

DR. MBEKI: Yes. The hospital's intensive care unit has been reduced from eight beds to four, with the sickest patients now routinely transferred to the city. Our general surgery program has been cut back, because Meridian prefers complex operations to be done at its larger hospital. The pharmacy and laboratory now report to managers at the regional level, and decisions that used to take a day now take weeks. The promise of no clinical layoffs was kept, technically, but 31 nurses and technicians have left since the merger, many because their positions were changed or their hours were cut. We now rely heavily on agency nurses, who are expensive and who do not know the hospital or the community.

HOST: Why did you leave?

DR. MBEKI: I left because I no longer felt I had any real say in how care was delivered to my patients. I would raise concerns, they would be acknowledged politely, and decisions would come down from the regional office anyway. After twenty-two years at St. Brendan's, that was a very hard decision.

HOST: We asked Meridian Health Partners for comment. In a statement, they said they have invested $23 million in St. Brendan's over the past year, that the maternity decision was "difficult but necessary for patient safety," and that they remain committed to the hospital's future. Joan, what is your response?

JOAN FERRIS: I do not doubt that they have invested money, and some of it has been valuable. But I have seen this pattern elsewhere, and I worry about where it leads. First maternity, then the ICU, then surgery. At some point, people in this town start to ask what exactly is left of our hospital. The advisory council was supposed to be consulted on major changes. We learned about the maternity closure from a press release.

HOST: What are you asking for now?

JOAN FERRIS: We have asked the state attorney general, who approved the merger, to review whether Meridian has kept its commitments. We are asking for the maternity unit to be reopened, or at least for a funded transport plan for women in labor. And we want a binding role for the community in future decisions. I am not optimistic. Frankly, I think we traded one kind of risk for another, and I am not sure yet that we made the right trade.

HOST: Dr. Mbeki, a last word?

DR. MBEKI: Rural hospitals across this country are in serious trouble, and I do not think there are easy answers. But I fear that what happened at St. Brendan's is a warning. A hospital can survive on paper and still lose what made it a hospital for its community.

HOST: Dr. Colin Mbeki and Joan Ferris, thank you both.`,
  },
  {
    id: 'interview-17-transit-line',
    kind: 'interview',
    title: 'The Blue Line light rail extension opens to riders',
    intendedFraming: 'positive',
    turn: 'none',
    text: `HOST: This morning at 5:30, the first train carrying passengers rolled along the new Blue Line extension, adding 7.4 miles and six stations to the metro area's light rail system. Lucia Romano is the general manager of the regional transit authority, and she rode that first train. Lucia, how did it go?

LUCIA ROMANO: It was wonderful. The train was full at 5:30 in the morning, which tells you something. We had shift workers heading to the hospital, students, a couple of rail enthusiasts who had been waiting since four, and a woman who told me she had been waiting 19 years for this line to come to her neighborhood.

HOST: What does the extension connect?

LUCIA ROMANO: It runs from the current end of the line at Fairview up through the Eastgate neighborhoods, past the medical center and the community college, to a new park-and-ride at Route 9. Eastgate is one of the most densely populated parts of the region and one of the least served by transit. Until today, getting from Eastgate to downtown meant two buses and often more than an hour. Now it is 28 minutes.

HOST: The project came in on budget, which is unusual.

LUCIA ROMANO: It did. The budget was $1.26 billion, and we finished about $18 million under, and three months ahead of schedule. Much of the credit goes to our construction partners and to an early decision to buy the land for the stations before we started the design, which avoided a lot of delays we have seen on other projects.

HOST: How many riders do you expect?

LUCIA ROMANO: Our forecast is 21,000 trips a day on the extension within two years. Based on the first week of free rides during the soft opening, I think we may get there sooner. Trains will run every 7 minutes at peak times and every 12 minutes in the evening.

HOST: What about the neighborhoods along the line?

LUCIA ROMANO: We worked with the city to make sure each station has safe walking and cycling routes and secure bike parking. Two of the stations have affordable housing under construction right next to them, with more than 400 homes. And we hired more than 300 workers from the Eastgate area during construction.

HOST: Lucia Romano, congratulations, and thank you.

LUCIA ROMANO: Thank you. Come and ride it.`,
  },
  {
    id: 'interview-18-novelist',
    kind: 'interview',
    title: 'Novelist Imogen Achterberg on her debut, The Salt Orchard',
    intendedFraming: 'positive',
    turn: 'none',
    text: `HOST: Imogen Achterberg spent fourteen years as a middle school science teacher before her first novel, The Salt Orchard, was published this spring. It has since spent nine weeks on the bestseller lists and was named a book of the month by two national book clubs. The novel follows three generations of a family who run an apple orchard on a stretch of coast where rising seas are slowly turning the soil salty. Imogen joins us now. Welcome, and congratulations.

IMOGEN ACHTERBERG: Thank you so much. It is still surreal to hear that.

HOST: Where did the idea come from?

IMOGEN ACHTERBERG: From a field trip, actually. I took a class of seventh graders to a tidal marsh to study salinity, and a farmer whose land bordered the marsh came over to talk to us. He showed us a row of old fruit trees that had died because salt water was creeping up through the ground. He was not angry or dramatic about it. He just said, "My grandfather planted those," and walked away. I could not stop thinking about it.

HOST: The book is set over seventy years. How did you manage that span?

IMOGEN ACHTERBERG: With a lot of index cards on the dining room wall. I wanted each generation to have its own voice. The grandmother, Ada, narrates in the 1950s, and she is practical and funny and a bit sharp-tongued. Her son, Peter, is the middle section, and he is a worrier. Then his daughter Nell, in the present, is the one who has to decide whether to keep going. I wrote Ada's section first, and she was such good company that I almost did not want to leave her.

HOST: Did your science background help?

IMOGEN ACHTERBERG: Enormously. I read everything I could about soil chemistry and salt-tolerant crops, and I spent two summers helping out at an orchard in exchange for asking the owners endless questions. But I tried very hard not to make it a lecture. The science is there, but the story is about a family trying to love a place that is changing under them.

HOST: The ending has surprised a lot of readers. Without spoiling it, it is more hopeful than many expected.

IMOGEN ACHTERBERG: I did that on purpose. I think we are surrounded by stories that tell us everything is lost. I wanted to write about adaptation, about people who do not give up but also do not pretend nothing is happening. The letters I have received from readers, including several farmers, have been the best part of all of this.

HOST: Are you still teaching?

IMOGEN ACHTERBERG: I took a year off to write the second book, which is set in a lighthouse. But I miss my students terribly, and I think I will go back, at least part-time. Teenagers keep you honest.

HOST: Imogen Achterberg, author of The Salt Orchard. Thank you.

IMOGEN ACHTERBERG: Thank you for having me.`,
  },
  {
    id: 'interview-19-coral-reef',
    kind: 'interview',
    title: 'After a severe bleaching event, signs of coral recovery in the Palmera reefs',
    intendedFraming: 'positive',
    turn: 'negative-to-positive',
    text: `HOST: Three years ago, an intense marine heat wave bleached more than half of the coral in the Palmera reef system, one of the largest in the Pacific. Marine biologist Dr. Keoni Halvorsen leads the long-term monitoring program there, and he has just returned from this year's survey. Dr. Halvorsen, welcome.

DR. HALVORSEN: Thank you. Good to be here.

HOST: Let's start with what happened three years ago.

DR. HALVORSEN: It was the worst bleaching we have ever recorded. Water temperatures stayed about two degrees Celsius above the usual summer maximum for almost ten weeks. When corals are stressed by heat, they expel the algae that live in their tissue and give them both their color and most of their food. If the heat lasts long enough, they starve. On our survey sites, about 58 percent of the coral bleached, and by the following year roughly a third of all live coral cover on the reef had died. In some shallow lagoons, the loss was over 70 percent.

HOST: What did that look like underwater?

DR. HALVORSEN: It was devastating. I have dived those reefs for twenty years. Places that had been dense thickets of branching coral, with fish everywhere, turned into fields of grey rubble covered in algae. Some of the fish populations dropped sharply, particularly the species that depend on living coral for food. I remember surfacing after one dive and not being able to speak for a while. Many of us in the field were convinced we were watching the reef die.

HOST: And this year's survey?

DR. HALVORSEN: This year was the most encouraging survey I have done in a decade. Across our 48 monitoring sites, live coral cover has recovered to about 80 percent of what it was before the heat wave. On the outer reef, in deeper water with stronger currents, some sites are actually above their pre-bleaching levels.

HOST: How is that possible in three years?

DR. HALVORSEN: A few things came together. First, there was no major heat stress in the past two summers, which gave the corals a window to recover. Second, the fast-growing species, particularly branching and table corals, can grow 10 to 20 centimeters a year in good conditions, and they filled space quickly. Third, and this is the part that excites me most, the coral spawning after the bleaching was strong. Young corals settled on the reef in very high numbers, at some sites the highest densities we have measured.

HOST: Did local management help?

DR. HALVORSEN: I think so. The regional government expanded the no-fishing zones by about 30 percent right after the bleaching, which protected the plant-eating fish that graze the algae and keep space clear for new coral. Water quality programs on the main island cut nutrient runoff from farms. And a community restoration program, run largely by local divers and fishers, has planted about 60,000 coral fragments grown in underwater nurseries. Those account for a small share of the total recovery, but they have made a visible difference in a few heavily damaged lagoons.

HOST: Is the reef out of danger?

DR. HALVORSEN: No reef is out of danger while the oceans keep warming, and I would be doing your listeners a disservice if I pretended otherwise. The recovering reef is dominated by fast-growing species that are also more vulnerable to the next heat wave. But what this shows is that reefs can bounce back when they are given a break and when local pressures are reduced. That is a genuinely hopeful message, and it is backed by the data.

HOST: Dr. Keoni Halvorsen, thank you.

DR. HALVORSEN: Thank you. It is a pleasure to bring good news for once.`,
  },
  {
    id: 'interview-20-restaurant-wages',
    kind: 'interview',
    title: 'Six months after the minimum wage rose to $18, a restaurant owner and a line cook',
    intendedFraming: 'neutral',
    turn: 'mixed',
    text: `HOST: Six months ago, the city's minimum wage rose from $15.25 to $18 an hour, one of the largest single increases in the country. Supporters said it would help workers keep up with rising rents. Opponents, including many restaurant owners, warned it would lead to closures and job cuts. We wanted to hear how it has played out in one place. Maya Castellanos owns Pilar, a 60-seat neighborhood restaurant that has been open for eleven years, and Jerome Whitaker is a line cook who has worked in the city's restaurants for nine years, the last three at Pilar. Welcome to you both.

MAYA CASTELLANOS: Thanks for having us.

JEROME WHITAKER: Thank you.

HOST: Maya, you were publicly opposed to the increase. You testified against it at City Hall.

MAYA CASTELLANOS: I did. I want to be clear that I was not against paying people more. I was against the size and speed of the increase for small restaurants. My margins before the increase, in a good year, were about 4 to 6 percent. Labor is about 35 percent of my costs. I did the math and I was scared.

HOST: So what has actually happened?

MAYA CASTELLANOS: Some of what I feared and some things I did not expect. My labor costs went up about 14 percent, a bit less than the full increase, because most of my kitchen staff were already above $15.25. I raised menu prices twice, about 9 percent in total. I cut our Monday lunch service, which was never busy, and that meant reducing hours for three people. I did not lay anybody off, but I have not replaced two people who left.

HOST: How have customers reacted to the higher prices?

MAYA CASTELLANOS: Better than I expected. We have lost some regulars who came three times a week and now come once or twice. Our average check went up, though, and overall revenue is up about 6 percent compared with the same months last year. So I am roughly where I was, profit-wise, maybe slightly behind. It is not the disaster I testified about. I will say that honestly.

HOST: Jerome, what has the increase meant for you?

JEROME WHITAKER: It has meant a lot. I was making $16.50 before. Now I am at $18.75, because Maya kept the gap between me and the new cooks. That is about $4,000 more a year, before taxes, working full-time. My rent went up $175 a month last year. So, before the raise, I was falling behind every month. Now I am more or less breaking even. I was able to stop picking up weekend shifts at a catering company, which means I actually see my daughter on Saturdays.

HOST: Has anything gotten harder?

JEROME WHITAKER: Hours are a little tighter. When Maya cut Monday lunches, a couple of my coworkers lost about five hours a week, and one of them, a dishwasher, told me he came out behind overall. And we are short-staffed on some nights, so it is busier. Fewer people doing the same work. That is real.

HOST: Maya, what about other restaurants in the neighborhood?

MAYA CASTELLANOS: It has been mixed. Two places on my block closed in the past six months. One of them was struggling long before the increase, and the other was a chain location that closed several branches across the state, so I do not think you can blame those on the wage. But I know a couple of owners who are really struggling, particularly small counter-service places where labor is a bigger share of costs and customers are very price sensitive. One of them has switched to ordering at kiosks and cut two positions.

HOST: What does the broader data show so far?

MAYA CASTELLANOS: I have been following it. The city's own report, which came out last month, showed restaurant employment down about 1.5 percent compared with the same period a year earlier, but it was also down in the surrounding suburbs that did not raise wages, by about 1 percent. So it is hard to tell how much is the wage and how much is the economy. Economists I have spoken with say it is too early to say, and I think that is fair.

HOST: Jerome, are you seeing a change in turnover, in how long people stay?

JEROME WHITAKER: Definitely. I used to see new people come and go every few weeks. Now people stay. In our kitchen, everyone except one person has been here more than a year. That makes a big difference. The food is more consistent, people train each other, there is less stress. I think that is something owners do not always count.

MAYA CASTELLANOS: He is right about that. My turnover is down noticeably. I used to spend a lot of time and money hiring and training, maybe $2,500 per new cook once you count the training shifts. That has dropped. It does not cover the increase in wages, but it offsets part of it.

HOST: What about tips? Servers in the city used to be paid a lower base wage with tips on top.

MAYA CASTELLANOS: That is one of the bigger changes, and it is complicated. The new law eliminated the lower tipped wage, so servers now get the full $18 before tips. For my front-of-house staff, that is a substantial raise. But it widened a gap that already existed between the kitchen and the dining room, because servers were already earning more than cooks once you count tips. On a busy Friday, a server here can make $40 or $45 an hour. Jerome cannot.

JEROME WHITAKER: That is true, and it causes some tension. It is not anybody's fault, it is just how the system works. Some restaurants have started adding a service charge and sharing it with the kitchen.

MAYA CASTELLANOS: I tried that for two months. I added a 5 percent kitchen appreciation charge on every bill, clearly printed on the menu, and split it among the cooks and dishwashers. It added about $2.10 an hour for the kitchen staff. But I got a lot of complaints, and some online reviews said it was a hidden fee, even though it was printed on the menu. A few customers tipped less to make up for it, which hurt the servers. So I dropped it and built it into the menu prices instead. I still have not found a perfect answer.

HOST: Jerome, does the higher wage change how you see the job?

JEROME WHITAKER: A little. For a long time, cooking felt like something you did until you found a real job. People do not think of it as a career. Getting paid enough to cover rent without a second job makes it feel more like one. I have started thinking about going for a sous chef position, which I never would have considered when I was just trying to survive from one month to the next.

HOST: Maya, is there anything you would change about the policy?

MAYA CASTELLANOS: Two things. I would have phased it in over two years rather than all at once, and I would have paired it with help for small businesses, maybe a tax credit or reduced fees for permits, which in this city are enormous. I pay more than $9,000 a year in various city permits and fees. The city could have shared some of the burden.

HOST: Jerome?

JEROME WHITAKER: I would make sure it keeps up with rent. The increase helped, but rents keep going up. If wages freeze again for five years, we will be right back where we were. The law does have an inflation adjustment starting in two years, which is good.

HOST: So, six months in, how would each of you sum it up?

MAYA CASTELLANOS: It has been harder than before but easier than I feared. I am still open, my staff are still here, and my customers are still coming. I think the real test will be the next downturn, when sales drop and these costs do not. I would not call it a success or a failure yet.

JEROME WHITAKER: For me, it has been a real improvement. I am not rich, but I am not going backwards anymore. I know it is not the same for everyone, and some people lost hours. So it is good, with an asterisk.

HOST: Maya Castellanos, owner of Pilar, and Jerome Whitaker, line cook. Thank you both.

MAYA CASTELLANOS: Thank you.

JEROME WHITAKER: Thanks.`,
  },
];
