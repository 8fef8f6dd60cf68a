import type { DemoDocument } from '../types.js';

export const INTERVIEWS_11_15: readonly DemoDocument[] = [
  {
    id: 'interview-11-rural-vaccine',
    kind: 'interview',
    title: 'How a rural county turned around its childhood vaccination rates',
    intendedFraming: 'positive',
    turn: 'negative-to-positive',
    text: `HOST: Two years ago, Pell County, a rural county of about 9,000 people in the northern plains, had one of the lowest childhood vaccination rates in the state. Only 61 percent of kindergartners were fully up to date on their routine shots, and the county had an outbreak of whooping cough that sent four infants to the hospital. This year that figure is 89 percent. Nurse practitioner Ruth Lindqvist runs the county's only public health clinic, and she is with us now. Ruth, welcome.

RUTH LINDQVIST: Thank you. It is nice to talk about this under happier circumstances.

HOST: Take us back to two years ago. How bad was it?

RUTH LINDQVIST: It was bad, and it had been getting worse for a long time. The whooping cough outbreak was the moment it became impossible to ignore. We had 27 confirmed cases that winter. The youngest baby we sent to the children's hospital was five weeks old, too young to be vaccinated, and she spent eleven days in intensive care. She caught it from an older sibling. That family had not been against vaccines at all; they simply had not managed to get the older child in for a booster.

HOST: Why not?

RUTH LINDQVIST: That was the thing we had to learn. We assumed the problem was mostly vaccine hesitancy, and there was some of that, especially after the pandemic. But when we actually surveyed families, the biggest barriers were practical. Our clinic was open Monday to Friday, eight to four-thirty, in the county seat. For a family living 45 minutes away on a ranch, with both parents working, a vaccine appointment meant a half day of lost wages and a long drive in winter. Our only pediatrician retired in 2019 and was never replaced. And we had lost our clinic's second nurse to a hospital job in the city that paid considerably more.

HOST: So what did you change?

RUTH LINDQVIST: Several things, and honestly none of them was very fancy. First, we went to where the families were. We started running clinics once a month at the two consolidated schools, at the livestock auction barn on sale days, and in the fellowship hall of three churches after Sunday services. The auction barn was the big surprise. We would set up a table next to the café, and ranchers would bring their kids in while they were waiting for the cattle sale.

HOST: I love that.

RUTH LINDQVIST: It worked. We did 140 vaccinations in the first four months at the barn alone. Second, we extended our hours at the main clinic to two evenings a week and one Saturday a month. We funded that with a state grant, which also let us hire back a second nurse. Third, we built a reminder system. It sounds simple, but we had nothing. Now every family gets a text or a phone call a month before a child is due.

HOST: And what about the families who were hesitant?

RUTH LINDQVIST: We stopped lecturing. That was a big one for me personally. We trained our staff, and a few local volunteers, in a conversation approach where you ask what concerns people have and actually listen, rather than handing them a pamphlet. We found that most hesitant parents had one or two specific worries, about a particular ingredient or about too many shots at once, and when we took those seriously, a lot of them chose to vaccinate, sometimes on a slightly spread-out schedule. We also asked the mother of the baby who was hospitalized if she would be willing to talk about it publicly. She spoke at a school board meeting and in our local newspaper. I think that reached people no statistic ever could.

HOST: Has there been any pushback?

RUTH LINDQVIST: Some. We had a few heated comments at the first church clinic, and a couple of angry letters to the editor. But it has been far less than I expected. People here care a great deal about their neighbors, and once it stopped being about politics and became about the baby down the road, the tone changed.

HOST: What role did the schools play?

RUTH LINDQVIST: A big one. Both school principals let us send a short note home in every backpack before each school clinic, signed by the school nurse, whom families know and trust. Parents could fill in a consent form at home, and we vaccinated the children during the school day without a parent having to take time off. The teachers were wonderful about it. One fourth grade class even made posters for the clinic days, which I still have on my office wall.

HOST: What do the numbers look like now?

RUTH LINDQVIST: Kindergarten vaccination coverage for the current school year is 89 percent, up from 61 percent two years ago. For two-year-olds it is 84 percent, up from 57. We have not had a single case of whooping cough in eighteen months. And our evening clinics are fully booked most weeks.

HOST: Can other rural counties do what you did?

RUTH LINDQVIST: I think so. None of it required expensive technology. It required listening to families, being flexible about where and when we work, and enough staff to do it. The grant that funds our evening hours runs through next year, and we are working with the county commission to keep it going after that. I am optimistic. The community has really embraced it.

HOST: Ruth Lindqvist, nurse practitioner with Pell County Public Health, thank you, and congratulations.

RUTH LINDQVIST: Thank you so much.`,
  },
  {
    id: 'interview-12-bridge-collapse',
    kind: 'interview',
    title: 'Inside the investigation into the Harmon Street Bridge collapse',
    intendedFraming: 'neutral',
    turn: 'none',
    text: `HOST: Six weeks ago, a 180-foot span of the Harmon Street Bridge in Westhaven collapsed into the Kessel River during the evening rush hour. Three vehicles fell with it. Two people died, and eleven were injured. Yesterday, federal investigators released their preliminary report. Joining us is Raymond Osei, a member of the national transportation safety board who is leading the investigation. Mr. Osei, welcome.

RAYMOND OSEI: Thank you for having me.

HOST: Before we get into the findings, can you explain what a preliminary report is, and what it is not?

RAYMOND OSEI: Certainly. A preliminary report lays out the facts we have established so far: what happened, when, and what physical evidence we have collected. It does not state a probable cause, and it does not assign blame. Those come in the final report, which typically takes 12 to 24 months. I want to be careful today to stay within the facts in the preliminary report, because it is very easy for early information to be misread.

HOST: Understood. What are the key facts?

RAYMOND OSEI: The Harmon Street Bridge was built in 1968. It is a steel deck truss bridge, four spans in total, about 720 feet long, carrying four lanes of traffic and a sidewalk. On the evening of March 14, at 5:42 p.m., the second span from the west bank separated at its eastern support and fell approximately 55 feet into the river. The collapse was recorded by two traffic cameras and by a dashboard camera in a vehicle on the bridge, which have been very helpful to us.

HOST: What do those recordings show?

RAYMOND OSEI: They show that the eastern end of the span dropped first, followed by the western end about two seconds later. That sequence is consistent with a failure at or near the eastern bearing, the point where the span rests on its support pier. We have recovered the steel components from that area, and they are being examined at our materials laboratory.

HOST: Has the laboratory found anything yet?

RAYMOND OSEI: The preliminary report notes that one of the gusset plates at the eastern connection, a steel plate that joins several structural members together, was fractured. The laboratory found evidence of corrosion and section loss, meaning the plate had become thinner over time in some areas. It also notes that the bearing assembly at that pier showed signs of being partially frozen, which means it may not have been moving freely as the steel expanded and contracted with temperature. I want to stress that we have not determined whether either of these was the cause of the collapse, or whether they are related.

HOST: What about the inspection history?

RAYMOND OSEI: The bridge was inspected every two years, as federal rules require for a bridge of this type, and the most recent routine inspection was in August of last year. The inspection rated the superstructure, which includes the steel trusses, as being in poor condition, a rating of 4 on a scale of 0 to 9. That rating had been in place since 2019. The inspection reports did note corrosion at several connections, including the area in question, and recommended repairs.

HOST: Were those repairs carried out?

RAYMOND OSEI: A rehabilitation project for the bridge had been designed and was scheduled to begin this summer. Some interim repairs were made in 2021. We are reviewing the records of what was recommended, what was scheduled and what was completed, and that will be part of the final report.

HOST: A rating of 4 sounds alarming. Should the bridge have been closed?

RAYMOND OSEI: I understand why people ask that question, and it is one we will examine. But I would caution against drawing a conclusion from the rating alone. A poor rating does not mean a bridge is unsafe to carry traffic. Across the country, there are thousands of bridges rated in poor condition that are open and that are carefully monitored. What matters is whether the specific deterioration was identified, whether its significance was understood, and whether the load limits and repair schedule were appropriate. That is precisely what the investigation is designed to determine.

HOST: Was there anything unusual about traffic or weather that evening?

RAYMOND OSEI: Temperatures had dropped about 30 degrees over the previous 24 hours, which is relevant because of what we are examining at the bearing. Traffic was heavy but within normal rush-hour levels. One of the vehicles on the span was a loaded dump truck, and we are calculating the total load on the span at the moment of collapse. Preliminary figures suggest it was within the bridge's posted limits.

HOST: How are you conducting the investigation?

RAYMOND OSEI: We have a team of 14 investigators and specialists in structures, materials, human performance and survival factors. We have interviewed the inspectors, the engineers who designed the rehabilitation project, maintenance staff and witnesses. We are building a detailed computer model of the span to test different failure scenarios. And we are working with the state department of transportation, which has been cooperative.

HOST: Do you have recommendations already?

RAYMOND OSEI: We do have one. Given what we observed at the gusset plate, we have issued an urgent recommendation to the Federal Highway Administration asking that states review inspection records for steel truss bridges of similar design and age, focusing specifically on gusset plate corrosion. There are 73 bridges with comparable designs in the national inventory. This recommendation is precautionary. It does not mean those bridges are unsafe.

HOST: What happens to the remaining spans of the Harmon Street Bridge?

RAYMOND OSEI: The remaining spans are closed and are being monitored with sensors. The state has said that decisions about demolition or reconstruction will wait until we have finished collecting evidence from the site, which we expect to complete within about six weeks.

HOST: What would you say to the families of those who died, and to the people of Westhaven?

RAYMOND OSEI: Our thoughts are with the families of the two people who lost their lives and with those who were injured. We have met with the families, and we will keep them informed before we release information publicly. To the community, I would say that our job is to find out exactly what happened and why, so that it does not happen again, and we will be thorough.

HOST: When should we expect the final report?

RAYMOND OSEI: Our goal is to complete it within 18 months. If we identify safety issues that need action sooner, we will not wait for the final report to issue recommendations, as we have already done with the gusset plates.

HOST: Raymond Osei, thank you.

RAYMOND OSEI: Thank you.`,
  },
  {
    id: 'interview-13-election-recount',
    kind: 'interview',
    title: 'How the recount in the 14th Senate District will work',
    intendedFraming: 'neutral',
    turn: 'none',
    text: `HOST: The race for the 14th State Senate District ended with just 212 votes separating the two candidates out of more than 86,000 cast. That margin falls within the threshold for an automatic recount under state law. Joining us to explain what happens next is Gloria Nakamura, the elections director for Brandt County, where most of the district's voters live. Welcome.

GLORIA NAKAMURA: Thank you.

HOST: First, what triggers an automatic recount?

GLORIA NAKAMURA: State law requires a recount when the margin between the top two candidates is less than one quarter of one percent of the total votes cast for that office. In this race, the margin is about 0.24 percent, so the recount is automatic. Neither candidate needs to request it or pay for it.

HOST: How will it be conducted?

GLORIA NAKAMURA: The district covers parts of two counties, and each county conducts the recount for its own ballots. Here in Brandt County, we have about 71,000 ballots to recount. They are paper ballots, which voters either marked by hand or printed from a ballot-marking device. We will run all of them through our tabulators again, with the machines first tested publicly to confirm they are counting correctly. Any ballot that the machine cannot read, or that shows an unclear mark, will be reviewed by hand by a bipartisan team of two.

HOST: Who is allowed to watch?

GLORIA NAKAMURA: Each campaign can have observers in the room, as can the two major political parties. Members of the public can watch from a viewing area, and we will livestream the counting floor on the county website.

HOST: How long will it take?

GLORIA NAKAMURA: We expect to begin on Monday and to finish in Brandt County by the end of the day on Thursday. The neighboring county, which has fewer ballots, expects to finish sooner. The state canvassing board then certifies the result.

HOST: How much do recounts typically change the result?

GLORIA NAKAMURA: Usually very little. A study of statewide recounts over about two decades found that the average change in the margin was a few hundred votes in races with millions of ballots. In a district race like this one, changes are typically in the single or low double digits. That said, every recount is different, and that is why we do them carefully.

HOST: And what does the recount cost?

GLORIA NAKAMURA: We estimate about $48,000 for our county, mostly for staff time. Because it is automatic, the state reimburses the counties.

HOST: Gloria Nakamura, elections director for Brandt County, thank you.

GLORIA NAKAMURA: Thank you.`,
  },
  {
    id: 'interview-14-museum-reopening',
    kind: 'interview',
    title: 'The Corliss Museum of Art reopens after a three-year renovation',
    intendedFraming: 'positive',
    turn: 'none',
    text: `HOST: After three years behind construction fencing, the Corliss Museum of Art reopens to the public this Saturday. The renovation added a new wing, restored the museum's original 1912 galleries, and, for the first time, makes admission free every day. Director Amara Nwosu joins us. Congratulations.

AMARA NWOSU: Thank you. We are all a little giddy here this week.

HOST: What will visitors notice first?

AMARA NWOSU: Light. The old entrance was a dark, cramped lobby with a staircase that was hard for many people to manage. Now you walk into a glass atrium that looks straight out onto the river, with ramps and elevators, so every gallery is accessible. And the original skylights in the 1912 galleries, which had been covered over since the 1950s, are open again. People who have been coming here for decades walk into those rooms and gasp. It is the same building, and it has never looked like this.

HOST: Tell us about the new wing.

AMARA NWOSU: It adds about 32,000 square feet, and it lets us show far more of our collection. We have about 14,000 works, and before the renovation we could display roughly 6 percent of them. Now it is closer to 15 percent. There is a new gallery dedicated to the textile collection, which includes some extraordinary quilts made by women in this region over two centuries, and a studio where local artists will work in public view.

HOST: And free admission?

AMARA NWOSU: That is the part I am proudest of. A group of local families and businesses created a $40 million endowment to cover admission permanently. We used to charge $18. That kept people away, especially families. Free admission says this museum belongs to everyone in this city.

HOST: What exhibition opens with the museum?

AMARA NWOSU: It is called "River Towns," and it brings together paintings, photographs and objects about life along the river, from the 1800s to the present. About a third of the works are on loan from residents, including family photographs. We held collection days at libraries, and people brought in remarkable things.

HOST: What should visitors know before coming on Saturday?

AMARA NWOSU: Come early, bring the kids, and plan to stay. We will have music in the atrium all day, and the galleries are open until nine. We cannot wait to welcome everyone back.

HOST: Amara Nwosu, director of the Corliss Museum of Art, thank you.

AMARA NWOSU: Thank you.`,
  },
  {
    id: 'interview-15-drought-harvest',
    kind: 'interview',
    title: 'A wheat farmer on a dry summer and an unpredictable harvest',
    intendedFraming: 'neutral',
    turn: 'mixed',
    text: `HOST: Harvest is underway across the southern plains after one of the driest summers in recent memory. Joining us from the cab of his combine is Walt Brenneman, who farms about 3,200 acres of wheat and sorghum with his son and daughter-in-law. Walt, thanks for taking a few minutes.

WALT BRENNEMAN: Sure thing. I have got about ten minutes before the truck comes back, so we are good.

HOST: How is the wheat harvest looking?

WALT BRENNEMAN: Better than I feared and worse than I hoped, which is about what you can say for most years. We got good fall moisture when we planted, so the crop went into winter strong. Then it barely rained from March through June. We had maybe two and a quarter inches in four months. So the yields are down. On our best ground, we are cutting around 42 bushels an acre, which is decent. On the sandier fields, it is more like 18 or 20.

HOST: What would you expect in a normal year?

WALT BRENNEMAN: Our ten-year average is about 46. So overall we are running maybe 30 percent below.

HOST: How about quality?

WALT BRENNEMAN: That is the good news. Dry years often give you high protein, and the test weight is good, so the elevator is paying a premium on some of it. That offsets a little of the lower yield.

HOST: And prices?

WALT BRENNEMAN: Prices are, well, they are mediocre. Wheat is about $5.60 a bushel at the local elevator right now. That is down from where it was a couple of years ago. Meanwhile, my fertilizer bill this year was about 40 percent higher than it was four years ago, and diesel is not cheap either. The margins are thin.

HOST: Do you have crop insurance?

WALT BRENNEMAN: We do, and this is a year where it will probably pay out on some fields. It does not make you whole, it is designed to keep you in business, not to make you money. But it matters.

HOST: How is the sorghum?

WALT BRENNEMAN: The sorghum is a different story. We planted in early June, and we had a couple of nice rains in July, so it looks pretty good right now. If we get one more decent rain in the next few weeks, it could be an above-average crop. If we do not, it could go backwards fast. That is farming.

HOST: Have you changed how you farm because of dry years?

WALT BRENNEMAN: Quite a bit. My son convinced me to go to no-till about eight years ago, which means we do not plow the ground. It leaves the stubble on the surface, which holds moisture and stops the soil blowing. I was skeptical, but I think it saved us this year. The neighbors who still work the ground, their fields look a lot worse than ours. We have also planted more drought-tolerant wheat varieties.

HOST: How is the farm doing financially overall?

WALT BRENNEMAN: We will be fine this year. We had two good years before this one, and we paid down some debt. But I know some younger farmers who do not have that cushion, and a year like this can be really tough for them.

HOST: Last question, Walt. Are you optimistic?

WALT BRENNEMAN: Ask me after the sorghum comes in. I have been farming for 41 years. Some years are good, some years are not. You just keep going.

HOST: Walt Brenneman, thank you, and good luck with the rest of harvest.

WALT BRENNEMAN: Thank you.`,
  },
];
